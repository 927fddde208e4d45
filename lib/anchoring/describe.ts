/**
 * Range → selectors, selection → Capture, and claim offsets within a capture → Range.
 */
import type { TextOrigin } from '../text/dom-walk';
import { anchor, locate } from './anchor';
import {
  type Capture,
  type CaptureSelectors,
  isOrphaned,
  type Orphaned,
  orphaned,
  textPosition,
  textQuote,
} from './selectors';
import { buildTextIndex, offsetOfPoint, rangeFromOffsets, type TextIndex } from './text-index';
import { mapSpan, textMap } from './text-map';

/**
 * Characters of context kept on each side, after collapsing whitespace. Hypothesis keeps 32: enough to
 * tell repeated quotes apart (matchQuote's measurements: a wrong-context copy scores 0.68 median), short
 * enough that a nearby edit rarely spoils both sides.
 */
export const CONTEXT_LENGTH = 32;
/** Raw characters read to fill the context; pretty-printed pages can hold long whitespace runs. */
const CONTEXT_WINDOW = 256;

const SPACE = /\s/u;
const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;
const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ');
}

/** The last CONTEXT_LENGTH collapsed characters before `start`, never beginning inside an emoji. */
function contextBefore(text: string, start: number): string {
  let context = collapse(text.slice(Math.max(0, start - CONTEXT_WINDOW), start)).slice(-CONTEXT_LENGTH);
  if (context.length > 0 && isLowSurrogate(context.charCodeAt(0))) context = context.slice(1);
  return context;
}

/** The first CONTEXT_LENGTH collapsed characters after `end`, never ending inside an emoji. */
function contextAfter(text: string, end: number): string {
  let context = collapse(text.slice(end, end + CONTEXT_WINDOW)).slice(0, CONTEXT_LENGTH);
  if (context.length > 0 && isHighSurrogate(context.charCodeAt(context.length - 1))) context = context.slice(0, -1);
  return context;
}

/**
 * Describes a range under `root` as a quote (exact text plus CONTEXT_LENGTH characters of prefix and
 * suffix) and a position in `buildTextIndex(root).text`. Whitespace at the range's edges is left out,
 * since a highlight should not start or end on it (triple-click selections end in a newline). Null when
 * the range is outside `root` or holds no visible text.
 */
export function describeRange(
  root: Node,
  range: AbstractRange,
  index: TextIndex = buildTextIndex(root),
): CaptureSelectors | null {
  let start = offsetOfPoint(index, range.startContainer, range.startOffset);
  let end = offsetOfPoint(index, range.endContainer, range.endOffset);
  if (start === null || end === null) return null;
  const text = index.text;
  while (start < end && SPACE.test(text[start] ?? '')) start += 1;
  while (end > start && SPACE.test(text[end - 1] ?? '')) end -= 1;
  if (start >= end) return null;
  return {
    quote: textQuote(text.slice(start, end), contextBefore(text, start), contextAfter(text, end)),
    position: textPosition(start, end),
  };
}

/**
 * Describes text read from `element` by the one walk of rendered text (a chatbot reply, with the `origins` of its
 * pieces): the element's quote and position, and where each piece of the text sits in the page (`map`), so claims
 * of the text land on exactly their words however much of the element the text leaves out. Null when the element
 * is outside `root` or holds no visible text.
 */
export function describeText(
  root: Node,
  element: Element,
  origins: readonly TextOrigin[],
  index: TextIndex = buildTextIndex(root),
): CaptureSelectors | null {
  const range = element.ownerDocument.createRange();
  range.selectNodeContents(element);
  const selectors = describeRange(root, range, index);
  if (!selectors) return null;
  const map = textMap(index, origins, selectors.position.start);
  return map ? { ...selectors, map } : selectors;
}

/** `getComposedRanges` is recent (Chrome 137, Firefox 142, Safari 17 with a variadic signature). */
type ComposedSelection = Selection & { getComposedRanges?: (options: { shadowRoots: ShadowRoot[] }) => StaticRange[] };

/**
 * The selection's first range. In a shadow tree `getRangeAt` reports the range re-scoped to the host,
 * so the composed range is preferred where the browser has it, revealing the open shadow roots we index.
 */
function selectedRange(selection: Selection, index: TextIndex): AbstractRange | null {
  const composed = (selection as ComposedSelection).getComposedRanges;
  if (typeof composed === 'function') {
    try {
      const first = composed.call(selection, { shadowRoots: [...index.shadowRoots] })[0];
      if (first) return first;
    } catch {
      // Safari's older variadic form rejects the dictionary; fall through to getRangeAt.
    }
  }
  return selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
}

/**
 * Captures the current selection under `root`: its text (what gets checked) and selectors that locate
 * it. Null when nothing is selected or the selection lies outside `root`. With several ranges (Firefox
 * table selections) only the first is used, and `text` is that range's text so offsets stay consistent.
 */
export function captureSelection(
  selection: Selection,
  root: Node,
  index: TextIndex = buildTextIndex(root),
): Capture | null {
  if (selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selectedRange(selection, index);
  if (!range) return null;
  const selectors = describeRange(root, range, index);
  if (!selectors) return null;
  const text = selection.rangeCount > 1 ? selection.getRangeAt(0).toString() : selection.toString();
  return { text, selectors };
}

const IGNORED = /[\s\u00ad\u200b\u2060\ufeff]/u;

/**
 * Maps the span [from, to) of `captured` onto `page` (the anchored capture's text in the index), by
 * walking both strings and pairing their non-whitespace characters: the selection's text and the index
 * differ only in whitespace (block newlines, collapsed runs) when the page has not changed. Returns null
 * on any other difference, so an edited page falls back to fuzzy anchoring of the sub-quote.
 */
function alignSubspan(captured: string, page: string, from: number, to: number): { start: number; end: number } | null {
  let j = 0;
  let start = -1;
  let end = -1;
  for (let i = 0; i < to; i += 1) {
    const char = captured[i] ?? '';
    if (IGNORED.test(char)) continue;
    while (j < page.length && IGNORED.test(page[j] ?? '')) j += 1;
    if (j >= page.length || (page[j] ?? '').toLowerCase() !== char.toLowerCase()) return null;
    if (i >= from) {
      if (start < 0) start = j;
      end = j + 1;
    }
    j += 1;
  }
  return start < 0 ? null : { start, end };
}

/**
 * Turns a claim span [start, end) of `capture.text` into a DOM Range: anchor the capture, then map the
 * span through the capture's map (text read from the page) or offset into it (a selection's text); if
 * the page changed so the offsets no longer line up, anchor the claim's own words with prefix and
 * suffix taken from the capture (and the capture's context at its edges).
 */
export function rangeForSubspan(
  root: Node,
  capture: Capture,
  start: number,
  end: number,
  index: TextIndex = buildTextIndex(root),
): Range | Orphaned {
  const claim = capture.text.slice(Math.max(0, start), Math.min(end, capture.text.length));
  if (claim.trim().length === 0) return orphaned('empty-quote');
  const located = locate(index, capture.selectors);
  // Found as it was (not fuzzily): the page's text there is unchanged, so the map still holds.
  const map = capture.selectors.map;
  if (map && !isOrphaned(located) && located.method !== 'fuzzy') {
    const mapped = mapSpan(map, start, end);
    const range = mapped && rangeFromOffsets(index, located.start + mapped.start, located.start + mapped.end);
    if (range) return range;
  }
  if (!isOrphaned(located)) {
    const aligned = alignSubspan(capture.text, index.text.slice(located.start, located.end), start, end);
    if (aligned) {
      const range = rangeFromOffsets(index, located.start + aligned.start, located.start + aligned.end);
      return range ?? orphaned('crosses-shadow-boundary');
    }
  }
  const lead = claim.length - claim.trimStart().length;
  const exact = claim.trim();
  const { prefix = '', suffix = '' } = capture.selectors.quote;
  const before = collapse(prefix + capture.text.slice(0, start + lead)).slice(-CONTEXT_LENGTH);
  const after = collapse(capture.text.slice(start + lead + exact.length) + suffix).slice(0, CONTEXT_LENGTH);
  const base = isOrphaned(located) ? capture.selectors.position.start : located.start;
  const hint = base + start + lead;
  return anchor(
    root,
    { quote: textQuote(exact, before, after), position: textPosition(hint, hint + exact.length) },
    { index },
  );
}
