/**
 * The warnings of a run's contained steps (lib/core/stage-notices.ts) in words: a step that failed and was left
 * out, and the link audit's cap, worded by the catalogue when shown, with their counts in the language's
 * plural and number format. A cause keeps its code when it has one and is worded in the interface language too;
 * other words (the English catalogue of the CLI and the JSON export) take the cause's English as the run stored
 * it. In a right-to-left interface each value given as text (a claim, a cause) sits in a first-strong isolate,
 * (lib/i18n/isolated-words.ts), so an English run keeps its punctuation inside an Arabic sentence.
 */
import type { StageNotice } from '../core/stage-notices';
import { isolatingT } from '../i18n/isolated-words';
import { causeIn } from './error-words';
import { INTERFACE_WORDS, type Words } from './headline-words';

export function stageNoticeWords(notice: StageNotice, words: Words = INTERFACE_WORDS): string {
  const t = isolatingT(words);
  if (notice.code === 'links-capped') {
    const counts = { count: notice.found, checked: notice.checked };
    return notice.where === 'text' ? t('noticeTextLinksCapped', counts) : t('noticeExplanationLinksCapped', counts);
  }
  // The cause worded in the interface language from its code; other words take its English as stored.
  const cause = causeIn(words, { message: notice.cause, notice: notice.causeNotice });
  switch (notice.code) {
    case 'links-not-checked':
      return t('noticeLinksNotChecked', { cause });
    case 'explanations-not-scored':
      return t('noticeExplanationsNotScored', { cause });
    case 'citations-not-attributed':
      return t('noticeCitationsNotAttributed', { cause });
    case 'revisions-not-written':
      return t('noticeRevisionsNotWritten', { cause });
    case 'source-types-not-classified':
      return t('noticeSourceTypesNotClassified', { cause });
    case 'cache-failed':
      return t('noticeCacheFailed', { cause });
    case 'passages-by-words':
      return t('noticePassagesByWords', { cause });
    case 'explanation-not-refined':
      return t('noticeExplanationNotRefined', { claim: notice.claim, cause });
  }
}
