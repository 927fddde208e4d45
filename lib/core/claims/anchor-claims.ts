/**
 * Claims → offsets in the checked text (Loki's `restore_claims` idea, with fuzzy matching). The claim model
 * copies, for each claim, the exact part of the sentence it rests on (`sourceQuote`); models copy almost
 * but not quite exactly (curly quotes, a dropped word, changed whitespace), hence the fuzzy step.
 */
import { matchQuote } from '../../text/match-quote';
import type { Sentence, TextSpan } from '../types';

/** Where a claim sits in the checked text. `anchored` is false when the span is the whole sentence as a fallback. */
export interface ClaimAnchor {
  span: TextSpan;
  anchored: boolean;
  /** How well the anchored text matches (1 = exact); 0 for the fallback. */
  score: number;
}

/**
 * Anchors one claim inside its sentence: the model's source quote (exact, then fuzzy), then the claim's own
 * wording (claims often keep the sentence's words), then the whole sentence with `anchored: false`.
 * The span never leaves the sentence, even if the quote also occurs elsewhere in the text.
 *
 * @param text the checked text that `sentence` indexes
 * @param claimText the claim as the model worded it
 * @param sourceQuote the part of the sentence the model says the claim rests on
 */
export function anchorClaim(text: string, sentence: Sentence, claimText: string, sourceQuote?: string): ClaimAnchor {
  // Clamp, so a sentence from an older version of the text cannot produce a span outside it.
  const start = Math.min(Math.max(0, sentence.start), text.length);
  const end = Math.min(Math.max(start, sentence.end), text.length);
  const scope = text.slice(start, end);

  for (const candidate of [sourceQuote, claimText]) {
    const quote = candidate?.trim() ?? '';
    if (!quote) continue;
    const exact = scope.indexOf(quote);
    if (exact !== -1)
      return { span: { start: start + exact, end: start + exact + quote.length }, anchored: true, score: 1 };
    // The sentence is the search window, so the hint is its own start: among equal candidates the earlier
    // one wins, which is where a claim listed first usually rests.
    const match = matchQuote(scope, quote, { hint: 0 });
    if (match) {
      const snapped = snapToWords(scope, match.start, match.end);
      return { span: { start: start + snapped.start, end: start + snapped.end }, anchored: true, score: match.score };
    }
  }
  return { span: { start, end }, anchored: false, score: 0 };
}

const LETTER = /[\p{L}\p{N}\p{M}]/u;
/** Scripts written without spaces between words, where a "word" cannot be told from the characters. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Separators a span should neither start nor end with (left over after a dropped fragment, too). */
const GAP = /[\s,;:]/u;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && LETTER.test(char) && !UNSPACED.test(char);
}

/**
 * A fuzzy alignment may start or end inside a word ("…personali|ty and previously served"): the span then
 * takes the whole word when most of it is inside, and drops the fragment otherwise, so highlights cover
 * whole words; leading and trailing commas and spaces go too. Scripts without spaces keep their ends.
 */
export function snapToWords(scope: string, start: number, end: number): TextSpan {
  let from = start;
  let to = end;
  if (isWordChar(scope[from - 1]) && isWordChar(scope[from])) {
    let wordStart = from;
    while (isWordChar(scope[wordStart - 1])) wordStart -= 1;
    let wordEnd = from;
    while (wordEnd < to && isWordChar(scope[wordEnd])) wordEnd += 1;
    from = wordEnd - from >= from - wordStart ? wordStart : wordEnd;
  }
  if (isWordChar(scope[to - 1]) && isWordChar(scope[to])) {
    let wordEnd = to;
    while (isWordChar(scope[wordEnd])) wordEnd += 1;
    let wordStart = to;
    while (wordStart > from && isWordChar(scope[wordStart - 1])) wordStart -= 1;
    to = to - wordStart >= wordEnd - to ? wordEnd : wordStart;
  }
  while (from < to && GAP.test(scope[from] ?? '')) from += 1;
  while (to > from && GAP.test(scope[to - 1] ?? '')) to -= 1;
  return to > from ? { start: from, end: to } : { start, end };
}
