/**
 * A check's warnings in the interface language: a warning the run kept as a code (lib/core/notices.ts) is
 * worded by the catalogue when shown; one without (older checks, adapters' own words) is shown as stored.
 */
import type { RunNotice } from '../core/notices';
import type { CheckRecord } from '../db/entities';
import { t } from '../i18n/i18n';
import { errorWords } from './error-words';

export function noticeWords(notice: RunNotice): string {
  switch (notice.code) {
    case 'source-failed':
      return errorWords(notice.error);
    case 'passages-not-judged':
      return t('noticePassagesNotJudged', { left: notice.left, count: notice.total, claim: notice.claim });
    case 'pages-not-judged':
      return t('noticePagesNotJudged', {
        failed: notice.failed,
        count: notice.total,
        claim: notice.claim,
        cause: notice.cause,
      });
  }
}

/** The check's warnings as a person reads them, in the order they came. */
export function warningWords(check: Pick<CheckRecord, 'warnings' | 'notices'>): string[] {
  return check.warnings.map((warning) => {
    const notice = check.notices?.[warning];
    return notice ? noticeWords(notice) : warning;
  });
}
