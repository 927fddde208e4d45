/**
 * The warnings of a run's contained steps, as codes (lib/core/notices.ts): a step that failed and was left
 * out (the link audit, the explanations' scores, the citations' attribution, the debate, the revisions, the
 * source types, the cache, the embedder's ranking of passages) and the link audit's cap. Unlike the notices
 * listed by key, each is listed by its English words, the very words the run stored before the codes (a newer
 * one, such as the passages chosen by words, by words of the same kind), with its code beside them in `notices`:
 * older versions, the CLI's `sources` command and anything that does not know the code read those words; the
 * views word the code when shown (lib/view/stage-notice-words.ts). A cause is what failed as the run said it
 * (`errorMessage`), with its code when it has one, so it too is worded when shown.
 */
import type { ErrorNotice } from './error-notices';
import { errorMessage, errorNotice } from './errors';

/** What made a step fail: its English words and, when the error was built from one, its code. */
export interface NoticeCause {
  cause: string;
  causeNotice?: ErrorNotice;
}

/** The steps whose failure is only a warning: the check goes on without them. */
export type FailedStepCode =
  | 'links-not-checked'
  | 'explanations-not-scored'
  | 'citations-not-attributed'
  | 'revisions-not-written'
  | 'source-types-not-classified'
  | 'cache-failed'
  /** The embedder failed (not a server without embeddings): passages were chosen by their words alone. */
  | 'passages-by-words';

export type StageNotice =
  /** More links than the audit takes: `found` were cited (in the checked text, a rated explanation), `checked` were. */
  | { code: 'links-capped'; where: 'text' | 'explanation'; found: number; checked: number }
  /** A contained step failed for `cause`; the check has no result of it. */
  | ({ code: FailedStepCode } & NoticeCause)
  /** The critics' debate could not refine the explanation of `claim`; it keeps the first one. */
  | ({ code: 'explanation-not-refined'; claim: string } & NoticeCause);

/** The cause of `error`: its words, with its code when it has one. */
export function causeOf(error: unknown): NoticeCause {
  const notice = errorNotice(error);
  return { cause: errorMessage(error), ...(notice ? { causeNotice: notice } : {}) };
}

/** The notice's English words: what the run lists it by, and what it said before the codes. */
export function englishStageNotice(notice: StageNotice): string {
  switch (notice.code) {
    case 'links-capped': {
      // English's plural rule, as the English catalogue's `_one`/`_other` forms choose it.
      const links = new Intl.PluralRules('en-US').select(notice.found) === 'one' ? 'link' : 'links';
      // i18n-exempt: English kept beside the warning's code; views word it (lib/view/stage-notice-words.ts)
      return `The ${notice.where} cites ${notice.found.toLocaleString('en-US')} ${links}; the first ${notice.checked} were checked.`;
    }
    case 'links-not-checked':
      // i18n-exempt: English kept beside the warning's code; views word it (lib/view/stage-notice-words.ts)
      return `The links in the text could not be checked: ${notice.cause}`;
    case 'explanations-not-scored':
      // i18n-exempt: English kept beside the warning's code; views word it (lib/view/stage-notice-words.ts)
      return `The explanations could not be scored: ${notice.cause}`;
    case 'citations-not-attributed':
      // i18n-exempt: English kept beside the warning's code; views word it (lib/view/stage-notice-words.ts)
      return `The text's citations could not be attributed: ${notice.cause}`;
    case 'revisions-not-written':
      // i18n-exempt: English kept beside the warning's code; views word it (lib/view/stage-notice-words.ts)
      return `Revisions could not be written: ${notice.cause}`;
    case 'source-types-not-classified':
      // i18n-exempt: English kept beside the warning's code; views word it (lib/view/stage-notice-words.ts)
      return `Source types could not be classified: ${notice.cause}`;
    case 'cache-failed':
      // i18n-exempt: English kept beside the warning's code; views word it (lib/view/stage-notice-words.ts)
      return `The cache is not working, so nothing is reused or kept this time (${notice.cause}).`;
    case 'passages-by-words':
      // i18n-exempt: English kept beside the warning's code; views word it (lib/view/stage-notice-words.ts)
      return `Passages were chosen by word match alone because the embedding model failed: ${notice.cause}`;
    case 'explanation-not-refined':
      // i18n-exempt: English kept beside the warning's code; views word it (lib/view/stage-notice-words.ts)
      return `The explanation of "${notice.claim}" could not be refined: ${notice.cause}`;
  }
}

/** A run's warning as `warn(message, notice)` takes it: listed by its English words, its code beside them. */
export function stageWarning<N extends StageNotice>(notice: N): [message: string, notice: N] {
  return [englishStageNotice(notice), notice];
}
