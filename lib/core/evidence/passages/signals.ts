/**
 * Claim-specific lexical signals beyond bag-of-words relevance. Fact-checks hinge on numbers and names:
 * a passage about the right person with the wrong year is what a judge must see, and a passage that
 * never names the claim's subject rarely settles it.
 */
import { tokenize } from './tokenize';

/** Distinct number tokens of a text ("1,400" → "1400", years, percentages without the sign). */
export function numberTerms(text: string): string[] {
  return [...new Set(tokenize(text).filter((token) => /^\p{N}/u.test(token)))];
}

/**
 * Distinct tokens of the names in a text: capitalized words that do not start a sentence, and words
 * written in capitals ("NASA"). Scripts without case (CJK, Arabic, …) have no such cue and yield none,
 * so the signal simply stays silent there.
 */
export function entityTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const match of text.matchAll(/[\p{L}\p{M}]+/gu)) {
    const word = match[0];
    if (!/^\p{Lu}/u.test(word)) continue;
    const before = text.slice(0, match.index).trimEnd();
    // After "William O." the next word continues a name; after "… 1980." it starts a sentence.
    const startsSentence = before === '' || (/[.!?…:"“«]$/u.test(before) && !/(?:^|\s)\p{Lu}\.$/u.test(before));
    if (startsSentence && !/^\p{Lu}{2,}$/u.test(word)) continue;
    for (const token of tokenize(word)) terms.add(token);
  }
  return [...terms];
}

/** Fraction of `terms` present in `tokens` (0 when there are no terms, so the signal is neutral). */
export function overlap(terms: readonly string[], tokens: ReadonlySet<string>): number {
  if (terms.length === 0) return 0;
  let found = 0;
  for (const term of terms) if (tokens.has(term)) found++;
  return found / terms.length;
}
