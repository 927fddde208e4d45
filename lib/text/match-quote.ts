/**
 * Fuzzy quote matching, shared by the pipeline core (anchoring claims to the checked text) and the in-page
 * anchoring of highlights. Pure TypeScript: no DOM, so it runs in the service worker, Node and tests.
 *
 * The approach follows hypothesis' `match-quote.ts`: an exact search first, an approximate one
 * (approx-string-match, Myers' bit-parallel edit distance) only when there is no exact hit, then every
 * candidate is scored on the quote, its expected prefix and suffix and its expected position. Two
 * differences: (1) text, quote and context are compared after folding case, whitespace runs, curly quotes
 * and dashes, which models and `innerText` change freely; (2) a match below MIN_QUOTE_SCORE is rejected
 * (null) instead of returned, because a wrong anchor is worse than an orphaned one (hypothesis/client#7571).
 */
import approxSearch from 'approx-string-match';

/** A match in the original text (UTF-16 offsets) with its score, 1 for an exact quote with exact context. */
export interface QuoteMatch {
  start: number;
  end: number;
  score: number;
}

/** Where the quote is expected: text just before and after it, and its approximate start offset. */
export interface QuoteContext {
  prefix?: string;
  suffix?: string;
  /** Expected start offset in `text`; ranks candidates (breaking ties) but does not change the score. */
  hint?: number;
  /** Edits allowed in the approximate search; default DEFAULT_ERROR_RATE × quote length. */
  maxErrors?: number;
}

/**
 * The lowest score accepted, measured on the 94 Factcheck-Bench ChatGPT answers with 6-15 word quotes
 * (scores with no context are the quote's similarity, 1 - edits / length):
 * - the same quote with 5 / 10 / 20 % random character edits scored at least 0.93 / 0.87 / 0.77, a quote
 *   with one word dropped 0.77 at the 5th percentile, one with changed whitespace 1.0;
 * - a quote taken from a *different* answer never scored above 0.63, even with a 50 % edit budget;
 * - the right quote with the prefix and suffix of another place in the same answer scored 0.68 median,
 *   0.74 at the 95th percentile, against ≥ 0.99 with its own context.
 * 0.75 accepts every quote with up to a fifth of it edited and rejects unrelated text and almost every
 * wrong-context copy. It equals 1 - DEFAULT_ERROR_RATE, so without context the edit budget and the
 * threshold agree.
 */
export const MIN_QUOTE_SCORE = 0.75;

/**
 * Default edit budget of the approximate search, as a share of the quote's length. Matches with more edits
 * could not reach MIN_QUOTE_SCORE without context anyway, and the search costs O(maxErrors / 32 × text
 * length), so a larger budget would only buy slower rejections.
 */
export const DEFAULT_ERROR_RATE = 0.25;

/** Weights of the score's parts: the quote decides, context disambiguates, position only breaks ties. */
const QUOTE_WEIGHT = 50;
const PREFIX_WEIGHT = 20;
const SUFFIX_WEIGHT = 20;
const POSITION_WEIGHT = 2;
/** The search cost is linear in the budget; hypothesis caps it at 256 for the same reason. */
const MAX_ERRORS_CAP = 256;

/** Text folded for comparison, with the way back to the original. */
export interface Folded {
  /** The folded string. */
  value: string;
  /** For each folded code unit, its offset in the original; one extra entry holds the original length. */
  offsets: number[];
}

export interface FoldOptions {
  /**
   * 'collapse': each whitespace run becomes one space (quotes, where word boundaries still count);
   * 'drop': whitespace is removed (text fragments, where the extractor may join or split words).
   */
  whitespace: 'drop' | 'collapse';
}

const WHITESPACE = /\s/u;
/**
 * Characters a page or a model may drop without changing the text: soft hyphen, zero-width space,
 * non-joiner and joiner, word joiner, BOM.
 */
const INVISIBLE = new Set(['\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']);
const FOLD: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
};

/**
 * Folds case, typographic quotes and dashes, drops invisible characters and collapses or drops whitespace,
 * one code unit at a time, keeping the offset of each folded unit in `text`.
 */
export function foldText(text: string, options: FoldOptions): Folded {
  const collapse = options.whitespace === 'collapse';
  let value = '';
  const offsets: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (INVISIBLE.has(char)) continue;
    if (WHITESPACE.test(char)) {
      if (collapse && !inSpace) {
        value += ' ';
        offsets.push(i);
      }
      inSpace = true;
      continue;
    }
    inSpace = false;
    const lower = char.toLowerCase();
    // Some lower-case forms are longer ("İ" → "i̇"); keeping one unit per unit keeps the offset map simple.
    value += FOLD[char] ?? (lower.length === 1 ? lower : char);
    offsets.push(i);
  }
  offsets.push(text.length);
  return { value, offsets };
}

const COLLAPSE: FoldOptions = { whitespace: 'collapse' };

function foldQuote(quote: string): string {
  return foldText(quote, COLLAPSE).value.trim();
}

interface Candidate {
  start: number;
  end: number;
  errors: number;
}

/** Exact hits first (approx-string-match has no exact fast path of its own), then the best approximate ones. */
function search(text: string, pattern: string, maxErrors: number): Candidate[] {
  const exact: Candidate[] = [];
  for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + 1)) {
    exact.push({ start: at, end: at + pattern.length, errors: 0 });
  }
  if (exact.length > 0 || maxErrors < 1) return exact;
  return approxSearch(text, pattern, maxErrors);
}

/** Similarity (0..1) of `expected` to the best-aligned part of `window`. */
function similarity(window: string, expected: string): number {
  if (expected.length === 0) return 1;
  if (window.length === 0) return 0;
  const best = search(window, expected, expected.length)[0];
  return best ? 1 - best.errors / expected.length : 0;
}

/**
 * Finds the best match for `quote` in `text`, or null when no candidate scores MIN_QUOTE_SCORE.
 *
 * @param context prefix and suffix (compared with the text around each candidate), a position hint, and
 *   the edit budget. Only the parts given count toward the score, so with no context the score is the
 *   quote's similarity alone.
 */
export function matchQuote(text: string, quote: string, context: QuoteContext = {}): QuoteMatch | null {
  const pattern = foldQuote(quote);
  if (pattern.length === 0 || text.length === 0) return null;
  const folded = foldText(text, COLLAPSE);
  const budget = context.maxErrors ?? Math.floor(pattern.length * DEFAULT_ERROR_RATE);
  const maxErrors = Math.max(0, Math.min(MAX_ERRORS_CAP, budget, pattern.length - 1));
  const candidates = search(folded.value, pattern, maxErrors);
  if (candidates.length === 0) return null;

  const prefix = context.prefix ? foldText(context.prefix, COLLAPSE).value : '';
  const suffix = context.suffix ? foldText(context.suffix, COLLAPSE).value : '';
  const hint = context.hint;
  const weight = QUOTE_WEIGHT + (prefix ? PREFIX_WEIGHT : 0) + (suffix ? SUFFIX_WEIGHT : 0);

  let best: QuoteMatch | null = null;
  let bestRank = -1;
  for (const candidate of candidates) {
    // An alignment may begin or end on a folded space; the span should not.
    let from = candidate.start;
    let to = candidate.end;
    while (from < to - 1 && folded.value[from] === ' ') from += 1;
    while (to > from + 1 && folded.value[to - 1] === ' ') to -= 1;
    const start = startOfUnit(text, folded.offsets[from] ?? 0);
    // The end maps through the last matched unit, so trailing whitespace or invisibles are not pulled in.
    const end = endOfUnit(text, (folded.offsets[to - 1] ?? start) + 1);
    let sum = QUOTE_WEIGHT * (1 - candidate.errors / pattern.length);
    if (prefix)
      sum +=
        PREFIX_WEIGHT *
        similarity(folded.value.slice(Math.max(0, candidate.start - prefix.length), candidate.start), prefix);
    if (suffix)
      sum += SUFFIX_WEIGHT * similarity(folded.value.slice(candidate.end, candidate.end + suffix.length), suffix);
    // Position ranks candidates (as in hypothesis) but is left out of the reported score: a quote found
    // far from where it was expected is not a worse match of the quote.
    const score = sum / weight;
    if (score < MIN_QUOTE_SCORE) continue;
    const position = hint === undefined ? 0 : POSITION_WEIGHT * (1 - Math.min(1, Math.abs(start - hint) / text.length));
    const rank = (sum + position) / (weight + (hint === undefined ? 0 : POSITION_WEIGHT));
    if (rank > bestRank) {
      bestRank = rank;
      best = { start, end, score };
    }
  }
  return best;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** Never start a match on the second half of a surrogate pair (an emoji). */
function startOfUnit(text: string, start: number): number {
  return start > 0 && isHighSurrogate(text.charCodeAt(start - 1)) ? start - 1 : start;
}

/** Never end a match between the two halves of a surrogate pair. */
function endOfUnit(text: string, end: number): number {
  return end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) ? end + 1 : end;
}
