/**
 * A run's warnings that a person reads, as codes and parameters: lib/view/notice-words.ts words them when
 * they are shown, in the interface language (the views) or from the English catalogue (`npm run check`).
 * The run lists every warning by a string (`CheckResult.warnings`); a coded one is listed by its key
 * (`noticeKey`) and kept as a code in `notices` under that key; a contained step's warning (lib/core/stage-notices.ts)
 * and a search source's failure are listed by their English words instead, with the code beside them. Checks
 * stored before the codes listed the English words alone, and are shown as stored when they have no code.
 */

import type { ErrorNotice } from './error-notices';
import type { StageNotice } from './stage-notices';

export type RunNotice =
  /** A search source (or another service the run asked) failed; the others still count. */
  | { code: 'source-failed'; error: ErrorNotice }
  /** A small model's context had no room for every passage of a claim: `left` of `total` were not judged. */
  | { code: 'passages-not-judged'; left: number; total: number; claim: string }
  /**
   * Thorough mode judges each page apart: `failed` of `total` pages of a claim failed, for `cause` (the first
   * failure's English; `causeNotice` its code, when it has one).
   */
  | { code: 'pages-not-judged'; failed: number; total: number; claim: string; cause: string; causeNotice?: ErrorNotice }
  /** A model's context window (Ollama's) is `tokens` tokens: prompts were shortened to fit it. */
  | { code: 'ollama-context-shortened'; tokens: number }
  /** The on-device model's context window is `tokens` tokens: prompts were shortened to fit it, the rest left out. */
  | { code: 'on-device-context-shortened'; tokens: number }
  /** A contained step's failure, the link audit's cap: listed by their English words (lib/core/stage-notices.ts). */
  | StageNotice;

/** How much of a claim a notice quotes: enough to recognise it. */
export const NOTICE_CLAIM_LENGTH = 60;

/** The string a coded warning is listed by: the same notice twice is one warning (the run lists it once). */
export function noticeKey(notice: RunNotice): string {
  return `notice:${JSON.stringify(notice)}`;
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The notice a key holds, when its code is one listed by key (passages or pages not judged, Ollama's or the
 * on-device model's context shortened) and its fields fit; undefined otherwise. For a check whose `notices` are
 * gone (an imported one: the export keeps no codes), so its warnings are still worded instead of shown as keys.
 * The key is untrusted then: every field is checked.
 */
export function noticeFromKey(key: string): RunNotice | undefined {
  if (!key.startsWith('notice:')) return undefined;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(key.slice('notice:'.length)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { code, total, claim } = value;
  if ((code === 'ollama-context-shortened' || code === 'on-device-context-shortened') && isCount(value.tokens))
    return { code, tokens: value.tokens };
  if (!isCount(total) || !isText(claim)) return undefined;
  if (code === 'passages-not-judged' && isCount(value.left)) return { code, left: value.left, total, claim };
  // A cause's code is not taken from a file: its English words are shown as given.
  if (code === 'pages-not-judged' && isCount(value.failed) && isText(value.cause))
    return { code, failed: value.failed, total, claim, cause: value.cause };
  return undefined;
}
