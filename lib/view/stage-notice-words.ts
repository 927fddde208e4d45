/**
 * The warnings of a run's contained steps (lib/core/stage-notices.ts) in words: a step that failed and was left
 * out, and the link audit's cap, worded by the catalogue when shown, with their counts in the language's
 * plural and number format. A cause keeps its code when it has one and is worded in the interface language too;
 * other words (the English catalogue of the CLI and the JSON export) take the cause's English as the run stored
 * it. In a right-to-left interface each value given as text (a claim, a cause) sits in a first-strong isolate,
 * as lib/view/error-words.ts does, so an English run keeps its punctuation inside an Arabic sentence.
 */
import type { StageNotice } from '../core/stage-notices';
import { uiDirection } from '../i18n/i18n';
import type { MessageKey, ParamsArgument } from '../i18n/keys';
import type { Translator } from '../i18n/translator';
import { causeWords } from './error-words';
import { INTERFACE_WORDS, type Words } from './headline-words';

/** The direction of the sentence these words make: the interface's, or the translator's own. */
function directionOf(words: Words): 'ltr' | 'rtl' {
  if (words === INTERFACE_WORDS) return uiDirection();
  return (words as Partial<Translator>).dir ?? 'ltr';
}

/** `words.t`, with each text value isolated when the sentence reads right to left. */
function isolatingT(words: Words): Words['t'] {
  if (directionOf(words) !== 'rtl') return words.t;
  return <K extends MessageKey>(key: K, ...params: ParamsArgument<K>) => {
    const [values] = params as unknown as [Record<string, unknown> | undefined];
    const isolated = Object.fromEntries(
      Object.entries(values ?? {}).map(([name, value]) => [
        name,
        typeof value === 'string' ? `\u2068${value}\u2069` : value,
      ]),
    );
    return words.t(key, ...([isolated] as unknown as ParamsArgument<K>));
  };
}

export function stageNoticeWords(notice: StageNotice, words: Words = INTERFACE_WORDS): string {
  const t = isolatingT(words);
  if (notice.code === 'links-capped') {
    const counts = { count: notice.found, checked: notice.checked };
    return notice.where === 'text' ? t('noticeTextLinksCapped', counts) : t('noticeExplanationLinksCapped', counts);
  }
  // The cause worded in the interface language from its code; other words take its English as stored.
  const cause =
    words === INTERFACE_WORDS ? causeWords({ message: notice.cause, notice: notice.causeNotice }) : notice.cause;
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
    case 'explanation-not-refined':
      return t('noticeExplanationNotRefined', { claim: notice.claim, cause });
  }
}
