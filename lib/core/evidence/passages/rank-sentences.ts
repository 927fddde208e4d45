/**
 * Ranking a page's sentences for a claim, each scored together with the context it would be shown with.
 * A sentence is judged by its window (itself and `contextSentences` neighbours on each side) because
 * evidence is often split: "Douglas joined the Court in 1939." followed by "He retired in 1975." answers
 * a claim about his tenure only as a pair.
 */
import type { Embedder } from '../../ports';
import type { Sentence } from '../../types';
import { embeddingScores, orderByScore, reciprocalRankFusion } from './fusion';
import { lexicalIdf, lexicalScores, prepareQuery } from './lexical';
import { overlap } from './signals';
import { tokenize } from './tokenize';

/**
 * Window weights, chosen on the dev half of the eval's "within one page" task (each claim's candidates
 * joined into one page) from {0, 0.25, 0.5, 1} × {0, 0.5, 1}; differences there are small (±0.02 of hit
 * rate, near the noise), so they are kept modest: the centre sentence still decides most.
 */
export const WINDOW_PARAMS = {
  /** Weight of the neighbours' mean score relative to the centre sentence's. */
  contextWeight: 0.25,
  /** Weight of the share of the claim's words found anywhere in the window (0..1). */
  coverageWeight: 0.5,
  /** At most this many windows are embedded (the lexically best ones); the rest stay behind them. */
  embedLimit: 200,
} as const;

export interface RankedSentence {
  /** Position of the sentence in the input list (equal to its `index` for `splitSentences` output). */
  index: number;
  /** Higher is better; comparable only within one call. */
  score: number;
}

export interface RankSentencesInput {
  /** The claim, optionally followed by its question. */
  query: string;
  sentences: readonly Sentence[];
  /** `tokenize(sentence.text)` of each sentence when the caller already has it (see `pageSentences`). */
  tokens?: readonly (readonly string[])[];
  /** Sentences of context on each side that make up the scored window; default 1. */
  contextSentences?: number;
  embedder?: Embedder;
  signal?: AbortSignal;
}

/** The [lo, hi] sentence range of the window around `i` (inclusive, clamped to the page). */
export function windowAround(i: number, context: number, count: number): [number, number] {
  return [Math.max(0, i - context), Math.min(count - 1, i + context)];
}

/** Context-window scores from the lexical ranker: centre + mean of neighbours + claim-word coverage. */
function lexicalWindowScores(
  query: string,
  sentences: readonly Sentence[],
  context: number,
  given?: readonly (readonly string[])[],
): number[] {
  const prepared = prepareQuery(query);
  const tokens = given ?? sentences.map((sentence) => tokenize(sentence.text));
  // IDF over the page's sentences: what is common on this page says little about where the claim is.
  const own = lexicalScores(prepared, tokens, { idf: lexicalIdf(tokens) });
  return sentences.map((_, i) => {
    const [lo, hi] = windowAround(i, context, sentences.length);
    let neighbours = 0;
    const words = new Set<string>();
    for (let j = lo; j <= hi; j++) {
      if (j !== i) neighbours += own[j] ?? 0;
      for (const token of tokens[j] ?? []) words.add(token);
    }
    const neighbourMean = hi > lo ? neighbours / (hi - lo) : 0;
    return (
      (own[i] ?? 0) +
      WINDOW_PARAMS.contextWeight * neighbourMean +
      WINDOW_PARAMS.coverageWeight * overlap(prepared.terms, words)
    );
  });
}

/**
 * The sentences ordered best first for the query. With an embedder, the lexically best windows (up to
 * `WINDOW_PARAMS.embedLimit`) are embedded and fused with the lexical ranking by reciprocal rank.
 */
export async function rankSentences(input: RankSentencesInput): Promise<RankedSentence[]> {
  const { query, sentences, embedder, signal } = input;
  if (sentences.length === 0) return [];
  signal?.throwIfAborted();
  const context = Math.max(0, Math.floor(input.contextSentences ?? 1));
  let scores = lexicalWindowScores(query, sentences, context, input.tokens);
  if (embedder) {
    const candidates = orderByScore(scores).slice(0, WINDOW_PARAMS.embedLimit);
    const texts = candidates.map((i) => {
      const [lo, hi] = windowAround(i, context, sentences.length);
      return sentences
        .slice(lo, hi + 1)
        .map((sentence) => sentence.text)
        .join(' ');
    });
    const similarity = await embeddingScores(embedder, query, texts, signal);
    const fused = reciprocalRankFusion([candidates.map((i) => scores[i] ?? 0), similarity]);
    // Windows left out of the embedding rank below every fused one (fused scores are all > 0).
    const next = new Array<number>(sentences.length).fill(0);
    candidates.forEach((i, k) => (next[i] = fused[k] ?? 0));
    scores = next;
  }
  return orderByScore(scores).map((i) => ({ index: i, score: scores[i] ?? 0 }));
}
