/**
 * Features of whole candidate passages beyond the lexical score, for ranking a claim's candidates
 * (`rankPassages`). BM25 counts which claim words a passage has anywhere in it; evidence, though, states
 * the claim's words together, in one sentence, near each other, and a passage about the claim's subject
 * tends to name it early rather than in a trailing reference or a menu:
 * - `sentence`: the best single sentence's share of the claim's words, IDF-weighted (0..1);
 * - `window`: the best run of `WINDOW_TOKENS` consecutive tokens' share of them, IDF-weighted (0..1), a
 *   proximity signal that needs no sentence boundaries;
 * - `lead`: how early the first claim word comes, `1 − position / length` (0 when none comes at all).
 * All three are language-neutral: they work on the tokenizer's units, words or CJK bigrams alike.
 *
 * The weights (`PASSAGE_WEIGHTS`) were fitted on the dev half of Factcheck-Bench's claim–passage set by a
 * listwise logistic fit (`npm run eval -- passages`, which prints the fit's in-sample, cross-validated and
 * held-out figures) and fixed as constants; the product does no fitting.
 */
import { splitSentences } from '../../text/sentences';
import { LEXICAL_PARAMS, lexicalIdf, lexicalScores, type PreparedQuery } from './lexical';
import { tokenize } from './tokenize';

/** The features in the order `passageFeatures` returns them (the first is the lexical score itself). */
export const PASSAGE_FEATURES = ['lexical', 'sentence', 'window', 'lead'] as const;
export type PassageFeature = (typeof PASSAGE_FEATURES)[number];

/**
 * Tokens in the proximity window: at least 15 (about a sentence of content words once stopwords are
 * gone), and twice the claim's term count for long claims (a CJK claim of 20 characters is 19 bigrams).
 */
export const WINDOW_TOKENS = 15;

/**
 * Weight of each feature in the passage score, lexical = 1. Fitted on the dev half only (listwise
 * logistic regression, L2 0.01, then divided by the lexical weight and rounded to two decimals); the
 * five cross-validation folds give 0.65–0.77 / 0.57–0.68 / 0.25–0.41, so the values are stable. See
 * BENCHMARKS.md "Passage ranking" for the figures: the gain over the lexical score alone is small
 * (MRR +0.004 cross-validated, −0.002 on the held-out half), within the noise of a 469-claim set;
 * the features are kept as cheap, language-neutral signals that do not hurt there and that matter more
 * on longer passages than this set's ~90-word ones.
 */
export const PASSAGE_WEIGHTS: Readonly<Record<PassageFeature, number>> = {
  lexical: 1,
  sentence: 0.72,
  window: 0.64,
  lead: 0.24,
};

/** The best share of the IDF-weighted query terms found together in any `size` consecutive tokens. */
export function windowCoverage(
  terms: readonly string[],
  doc: readonly string[],
  weight: (term: string) => number,
  size: number,
): number {
  const wanted = new Set(terms);
  let total = 0;
  for (const term of wanted) total += weight(term);
  if (total <= 0 || doc.length === 0) return 0;
  const inWindow = new Map<string, number>();
  let current = 0;
  let best = 0;
  for (let i = 0; i < doc.length; i++) {
    const term = doc[i] ?? '';
    if (wanted.has(term)) {
      const count = inWindow.get(term) ?? 0;
      if (count === 0) current += weight(term);
      inWindow.set(term, count + 1);
    }
    const leaving = i >= size ? doc[i - size] : undefined;
    if (leaving !== undefined && wanted.has(leaving)) {
      const count = (inWindow.get(leaving) ?? 1) - 1;
      inWindow.set(leaving, count);
      if (count === 0) current -= weight(leaving);
    }
    best = Math.max(best, current);
  }
  return Math.min(1, best / total);
}

/** `1 − (index of the first query term) / length`: 1 when the passage opens with a claim word, 0 when it has none. */
export function leadScore(terms: readonly string[], doc: readonly string[]): number {
  const wanted = new Set(terms);
  const first = doc.findIndex((token) => wanted.has(token));
  return first < 0 ? 0 : 1 - first / doc.length;
}

/** IDF-weighted share of the query terms present in `tokens`. */
function coverage(terms: readonly string[], tokens: ReadonlySet<string>, weight: (term: string) => number): number {
  let found = 0;
  let total = 0;
  for (const term of new Set(terms)) {
    total += weight(term);
    if (tokens.has(term)) found += weight(term);
  }
  return total > 0 ? found / total : 0;
}

/**
 * Feature vectors of the candidate passages for the query, in `PASSAGE_FEATURES` order. `docs` are the
 * passages' tokens when the caller already has them. IDF is over the candidates, smoothed as in the
 * lexical score, so all features weigh a claim word alike.
 */
export function passageFeatures(
  query: PreparedQuery,
  passages: readonly string[],
  docs: readonly (readonly string[])[] = passages.map((p) => tokenize(p)),
): number[][] {
  const idf = lexicalIdf(docs);
  // A claim word found in no candidate weighs what BM25 gives an unseen term (a df = 1 term): it cannot
  // be found, but it keeps the shares honest (a passage with half the claim's words covers half).
  const unseen = Math.log(1 + (docs.length + LEXICAL_PARAMS.pseudoDocs - 0.5) / 1.5);
  const weight = (term: string): number => idf.get(term) ?? unseen;
  const lexical = lexicalScores(query, docs, { idf });
  const size = Math.max(WINDOW_TOKENS, 2 * query.terms.length);
  return docs.map((doc, i) => {
    let sentence = 0;
    for (const { text } of splitSentences(passages[i] ?? '', undefined, 'page'))
      sentence = Math.max(sentence, coverage(query.terms, new Set(tokenize(text)), weight));
    return [lexical[i] ?? 0, sentence, windowCoverage(query.terms, doc, weight, size), leadScore(query.terms, doc)];
  });
}

/** Weighted sum of feature vectors (weights in `PASSAGE_FEATURES` order); higher is better. */
export function combineFeatures(features: readonly (readonly number[])[], weights: readonly number[]): number[] {
  return features.map((row) => row.reduce((sum, value, k) => sum + value * (weights[k] ?? 0), 0));
}

/** `PASSAGE_WEIGHTS` as a vector in `PASSAGE_FEATURES` order. */
export function passageWeightVector(weights: Readonly<Record<PassageFeature, number>> = PASSAGE_WEIGHTS): number[] {
  return PASSAGE_FEATURES.map((name) => weights[name]);
}
