/**
 * Selectors → Range, in the order of hypothesis' `html.ts` `anchor()`: the stored position if the quote
 * is still there, else the exact quote (with its context) nearest the old position, else an approximate
 * match scored on quote, prefix, suffix and position by `matchQuote`. Unlike hypothesis, a match below
 * MIN_QUOTE_SCORE is an orphan, never a best guess: a highlight on the wrong words is worse than a span
 * listed as "not found on page" (hypothesis/client#7571).
 */
import { matchQuote } from '../text/match-quote';
import { type Orphaned, orphaned, type SpanSelectors } from './selectors';
import { buildTextIndex, rangeFromOffsets, type TextIndex } from './text-index';

/** How a span was found, for diagnostics and tests. */
export type AnchorMethod = 'position' | 'exact' | 'fuzzy';

/** A located span in a TextIndex's text, with the quote score (1 for an exact hit with its context). */
export interface AnchorMatch {
  start: number;
  end: number;
  score: number;
  method: AnchorMethod;
}

/** Removes whitespace so that context comparisons survive re-flowed text. */
function squeeze(text: string): string {
  return text.replace(/\s+/gu, '');
}

/**
 * Whether the text around [start, end) ends with `prefix` and starts with `suffix`, ignoring
 * whitespace. The window is wider than the context because the page may hold whitespace runs that the
 * stored (collapsed) context does not.
 */
function contextAgrees(text: string, start: number, end: number, prefix: string, suffix: string): boolean {
  const wantedBefore = squeeze(prefix);
  const wantedAfter = squeeze(suffix);
  const before = squeeze(text.slice(Math.max(0, start - prefix.length * 4 - 64), start));
  const after = squeeze(text.slice(end, end + suffix.length * 4 + 64));
  return before.endsWith(wantedBefore) && after.startsWith(wantedAfter);
}

/**
 * The exact occurrence of the quote whose context matches, nearest the hint. Occurrences whose context
 * differs are left to `matchQuote`, which weighs them against approximate matches: the same words in
 * another paragraph must not win just because they are spelled identically.
 */
function findExact(text: string, selectors: SpanSelectors): AnchorMatch | null {
  const { exact, prefix = '', suffix = '' } = selectors.quote;
  const hint = selectors.position?.start ?? 0;
  let best: AnchorMatch | null = null;
  for (let at = text.indexOf(exact); at !== -1; at = text.indexOf(exact, at + 1)) {
    if (!contextAgrees(text, at, at + exact.length, prefix, suffix)) continue;
    if (!best || Math.abs(at - hint) < Math.abs(best.start - hint)) {
      best = { start: at, end: at + exact.length, score: 1, method: 'exact' };
    }
  }
  return best;
}

/**
 * Finds selectors in an index's text: offsets and score, or why not. Pure string work (no Range), so
 * many spans can be located against one index.
 */
export function locate(index: TextIndex, selectors: SpanSelectors): AnchorMatch | Orphaned {
  const { exact, prefix, suffix } = selectors.quote;
  if (exact.trim().length === 0) return orphaned('empty-quote');
  const position = selectors.position;
  if (
    position &&
    position.end - position.start === exact.length &&
    index.text.slice(position.start, position.end) === exact
  ) {
    return { start: position.start, end: position.end, score: 1, method: 'position' };
  }
  const hit = findExact(index.text, selectors);
  if (hit) return hit;
  const match = matchQuote(index.text, exact, { prefix, suffix, hint: position?.start });
  if (!match) return orphaned('no-match');
  return { start: match.start, end: match.end, score: match.score, method: 'fuzzy' };
}

/** Options for `anchor`. */
export interface AnchorOptions {
  /** An index of `root` built for the current DOM; pass one to anchor many spans without re-walking. */
  index?: TextIndex;
}

/**
 * Anchors selectors under `root` (Element, Document or ShadowRoot): a live Range over the span, or
 * `{ orphaned: true, reason }` when it is not on the page (or only crosses a shadow boundary).
 */
export function anchor(root: Node, selectors: SpanSelectors, options: AnchorOptions = {}): Range | Orphaned {
  const index = options.index ?? buildTextIndex(root);
  const located = locate(index, selectors);
  if ('orphaned' in located) return located;
  return rangeFromOffsets(index, located.start, located.end) ?? orphaned('crosses-shadow-boundary');
}
