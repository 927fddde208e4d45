/**
 * The limits of what a `startCheck` may carry, shared by its zod schema (start-check-schema.ts) and the check intake's
 * check of the same (start-check-shape.ts). Generous: a real page or reply never reaches them (a refused command
 * refuses the whole check), while a message built to flood the store does.
 */

/** Longer than any text a check accepts (50,000 characters), so the run manager's own message says the limit. */
export const MAX_MESSAGE_TEXT = 200_000;
/**
 * A place in the page's whole text (a capture's position: lib/anchoring/selectors.ts): a long page's text runs past
 * any text a check takes, so only the longest string V8 holds bounds it.
 */
export const MAX_PAGE_OFFSET = 2 ** 29;
export const MAX_CITATIONS = 300;
export const MAX_URL = 32_768;
export const MAX_TITLE = 10_000;
export const MAX_MESSAGE_ID = 200;
/** A chatbot reply's text map: at most this many offsets (four per character of the longest text). */
export const MAX_MAP_RUNS = 4 * MAX_MESSAGE_TEXT;
/** How a check was asked for. */
export const START_ORIGINS = ['selection', 'page', 'chatbot-reply', 'typed'] as const;

/** Whether `value` is an http(s) address a request may name. */
export function isHttpAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
