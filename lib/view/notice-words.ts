/**
 * A check's warnings in words, the one place a run's notices are worded: a warning the run kept as a code
 * (lib/core/notices.ts) is worded by the catalogue when shown, in the interface language (the views) or the
 * English catalogue (`npm run check`); one without (older checks, adapters' own words) is shown as stored.
 */
import { englishError } from '../core/error-notices';
import { noticeFromKey, type RunNotice } from '../core/notices';
import type { CheckRecord } from '../db/entities';
import { isolatingT } from '../i18n/isolated-words';
import { causeIn } from './error-words';
import { INTERFACE_WORDS, type Words } from './headline-words';
import { stageNoticeWords } from './stage-notice-words';

export function noticeWords(notice: RunNotice, words: Words = INTERFACE_WORDS): string {
  // A notice's text parameters come from elsewhere (a claim from the page, an English cause): isolated when RTL.
  const t = isolatingT(words);
  switch (notice.code) {
    case 'source-failed':
      // Worded from its code in the interface language; other words (the English export and CLI) its English.
      // A code this build does not know has no words ('' here): warningWords then shows the stored words.
      return causeIn(words, { message: englishError(notice.error) ?? '', notice: notice.error });
    case 'passages-not-judged':
      return t('noticePassagesNotJudged', { left: notice.left, count: notice.total, claim: notice.claim });
    case 'pages-not-judged':
      return t('noticePagesNotJudged', {
        failed: notice.failed,
        count: notice.total,
        claim: notice.claim,
        // Its cause's code worded in the interface language; other words take the English stored.
        cause: causeIn(words, { message: notice.cause, notice: notice.causeNotice }),
      });
    case 'ollama-context-shortened':
      return t('ollamaContextShortened', { tokens: notice.tokens });
    case 'on-device-context-shortened':
      return t('onDeviceContextShortened', { tokens: notice.tokens });
    default:
      return stageNoticeWords(notice, words);
  }
}

/** The check's warnings as a person reads them, in the order they came. */
export function warningWords(
  check: Pick<CheckRecord, 'warnings' | 'notices'>,
  words: Words = INTERFACE_WORDS,
): string[] {
  return check.warnings.map((warning) => {
    // A check imported from a file has its coded warnings' keys but not their codes: the key holds the code.
    const notice = check.notices?.[warning] ?? noticeFromKey(warning);
    // A code this version does not know (a newer version's row) has no words here: its stored words are shown.
    return (notice && noticeWords(notice, words)) || warning;
  });
}
