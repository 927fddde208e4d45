/**
 * A run's warnings that a person reads, as codes and parameters: the views word them in the interface
 * language (lib/view/notice-words.ts) whenever the check was made. The run still stores each warning's
 * English (`englishNotice`) as the warning itself: older checks, the CLI and the export read that.
 */

import { englishError, type ErrorNotice } from './error-notices';

export type RunNotice =
  /** A search source (or another service the run asked) failed; the others still count. */
  | { code: 'source-failed'; error: ErrorNotice }
  /** A small model's context had no room for every passage of a claim: `left` of `total` were not judged. */
  | { code: 'passages-not-judged'; left: number; total: number; claim: string }
  /** Thorough mode judges each page apart: `failed` of `total` pages of a claim failed, for `cause`. */
  | { code: 'pages-not-judged'; failed: number; total: number; claim: string; cause: string };

/** How much of a claim a notice quotes: enough to recognise it. */
export const NOTICE_CLAIM_LENGTH = 60;

/** The notice in English, as the run stores it. */
export function englishNotice(notice: RunNotice): string {
  switch (notice.code) {
    case 'source-failed':
      return englishError(notice.error);
    case 'passages-not-judged':
      return `${notice.left} of ${notice.total} passages for "${notice.claim}" were not judged: the model's context window has no room for them.`;
    case 'pages-not-judged':
      return (
        `${notice.failed} of ${notice.total} pages for "${notice.claim}" could not be judged ` +
        `(${notice.cause}); the verdict rests on the other pages.`
      );
  }
}
