/**
 * W3C Web Annotation selectors (https://www.w3.org/TR/annotation-model/#text-quote-selector), the form in
 * which a span of page text crosses the boundary between the content script, the background and the
 * database: offsets alone go stale when the page changes, a quote with context can be found again.
 */

/** The quoted text with the text just before and after it (hypothesis stores 32 characters of each). */
export interface TextQuoteSelector {
  type: 'TextQuoteSelector';
  exact: string;
  prefix?: string;
  suffix?: string;
}

/** UTF-16 offsets into the root's text as built by `buildTextIndex`; a hint, verified before use. */
export interface TextPositionSelector {
  type: 'TextPositionSelector';
  start: number;
  end: number;
}

/** Everything needed to find a span again; `position` may be missing (e.g. a sub-quote built from text). */
export interface SpanSelectors {
  quote: TextQuoteSelector;
  position?: TextPositionSelector;
}

/**
 * Where each piece of a checked text sits in the page, for text that is not one contiguous run of the page's text (a
 * chatbot reply, read without its hidden labels and pill labels, with list markers added, formulas as TeX): runs
 * `[textStart, textEnd, pageStart, pageEnd]`, flat and in text order, with page offsets relative to the capture's
 * `position.start`. A run whose two lengths are equal maps character by character; any other (a formula, a code
 * block) maps as a whole. Text between runs came from no node. Made by `describeText` (describe.ts).
 */
export interface TextMapSelector {
  type: 'TextMapSelector';
  runs: number[];
}

/** Selectors as `describeRange` produces them (both parts always present), with a map for text read from the page. */
export interface CaptureSelectors {
  quote: TextQuoteSelector;
  position: TextPositionSelector;
  map?: TextMapSelector;
}

/**
 * Text captured from the page for checking: `text` is what the user selected (what gets checked; claim
 * offsets refer to it), `selectors` locate it in the page so results can be drawn back onto it.
 */
export interface Capture {
  text: string;
  selectors: CaptureSelectors;
}

/**
 * Why a span could not be anchored; such a span is listed as "not found on page", never drawn.
 * - `empty-quote`: nothing to look for (blank quote or empty sub-span).
 * - `no-match`: no place in the page scores MIN_QUOTE_SCORE.
 * - `crosses-shadow-boundary`: the match starts and ends in different trees (document vs a shadow root),
 *   which a single Range cannot represent.
 */
export type OrphanReason = 'empty-quote' | 'no-match' | 'crosses-shadow-boundary';

/** A span that could not be anchored. */
export interface Orphaned {
  orphaned: true;
  reason: OrphanReason;
}

/** Builds an Orphaned result. */
export function orphaned(reason: OrphanReason): Orphaned {
  return { orphaned: true, reason };
}

/** Narrows an anchoring result to the orphaned case. */
export function isOrphaned(value: unknown): value is Orphaned {
  return typeof value === 'object' && value !== null && (value as Partial<Orphaned>).orphaned === true;
}

/** Builds a TextQuoteSelector. */
export function textQuote(exact: string, prefix = '', suffix = ''): TextQuoteSelector {
  return { type: 'TextQuoteSelector', exact, prefix, suffix };
}

/** Builds a TextPositionSelector. */
export function textPosition(start: number, end: number): TextPositionSelector {
  return { type: 'TextPositionSelector', start, end };
}
