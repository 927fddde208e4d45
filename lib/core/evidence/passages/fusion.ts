/**
 * Fusing the lexical ranking with embedding similarity. BM25 scores and cosine similarities live on
 * unrelated scales (and cosine ranges differ per model), so by default they are fused by rank, not by
 * value: reciprocal rank fusion (Cormack, Clarke & Büttcher 2009), `Σ 1 / (k + rank)`, with their k = 60.
 *
 * RRF weighs both lists alike, which suits an embedder at least as good as the lexical ranker. A weaker
 * one can be fused as a weighted sum of min-max-normalised scores instead (`Fusion` 'weighted'), where
 * the lexical ranking keeps the lead and the embedding mainly breaks near-ties; see `fuse`.
 */
import { ProviderError } from '../../errors';
import type { Embedder } from '../../ports';

/** RRF's damping constant: with k = 60 a first place is worth only ~1.6× a tenth place, so neither list dominates. */
export const RRF_K = 60;

/** Cosine similarity; 0 when either vector is all zeros. */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** 0-based competition ranks of `scores`, best first; equal scores share a rank so ties carry no order. */
export function ranksOf(scores: readonly number[]): number[] {
  const firstRank = new Map<number, number>();
  [...scores]
    .sort((a, b) => b - a)
    .forEach((score, rank) => {
      if (!firstRank.has(score)) firstRank.set(score, rank);
    });
  return scores.map((score) => firstRank.get(score) ?? 0);
}

/** Reciprocal rank fusion of several score lists over the same items; higher is better. */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly number[]>, k = RRF_K): number[] {
  const length = lists[0]?.length ?? 0;
  const fused = new Array<number>(length).fill(0);
  for (const list of lists) {
    ranksOf(list).forEach((rank, i) => {
      fused[i] = (fused[i] ?? 0) + 1 / (k + rank + 1);
    });
  }
  return fused;
}

/** Scores rescaled to 0..1 (best = 1); a list without spread becomes all zeros, since it orders nothing. */
export function minMaxNormalize(scores: readonly number[]): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const score of scores) {
    lo = Math.min(lo, score);
    hi = Math.max(hi, score);
  }
  return scores.map((score) => (hi > lo ? (score - lo) / (hi - lo) : 0));
}

/** Weighted sum of min-max-normalised score lists over the same items (weights default to 1); higher is better. */
export function weightedScoreFusion(
  lists: ReadonlyArray<readonly number[]>,
  weights: readonly number[] = [],
): number[] {
  const length = lists[0]?.length ?? 0;
  const fused = new Array<number>(length).fill(0);
  lists.forEach((list, j) => {
    const weight = weights[j] ?? 1;
    minMaxNormalize(list).forEach((score, i) => {
      fused[i] = (fused[i] ?? 0) + weight * score;
    });
  });
  return fused;
}

/**
 * How lexical scores and embedding similarities are combined:
 * - 'rrf' (the default): reciprocal rank fusion, both lists weighted alike.
 * - 'weighted': `minmax(lexical) + embeddingWeight · minmax(similarity)`, per call.
 */
export type Fusion = { method: 'rrf'; k?: number } | { method: 'weighted'; embeddingWeight: number };

export const DEFAULT_FUSION: Fusion = { method: 'rrf', k: RRF_K };

/** Lexical scores and embedding similarities of the same items, fused; higher is better. */
export function fuse(
  lexical: readonly number[],
  similarity: readonly number[],
  fusion: Fusion = DEFAULT_FUSION,
): number[] {
  if (fusion.method === 'weighted') return weightedScoreFusion([lexical, similarity], [1, fusion.embeddingWeight]);
  return reciprocalRankFusion([lexical, similarity], fusion.k ?? RRF_K);
}

/**
 * Cosine similarity of each text to the query, from one batched embedder call (query first).
 * Throws what the embedder throws; an answer of the wrong length is a broken embedder, not "no match".
 */
export async function embeddingScores(
  embedder: Embedder,
  query: string,
  texts: readonly string[],
  signal?: AbortSignal,
): Promise<number[]> {
  if (texts.length === 0) return [];
  const vectors = await embedder.embed([query, ...texts], signal);
  const [queryVector, ...textVectors] = vectors;
  if (!queryVector || textVectors.length !== texts.length) {
    throw new ProviderError('malformed', {
      code: 'embeddings-miscounted',
      got: vectors.length,
      expected: texts.length + 1,
    });
  }
  return textVectors.map((vector) => cosine(queryVector, vector));
}

/** Index order of `scores`, best first; ties keep input order (the caller's order is its prior). */
export function orderByScore(scores: readonly number[]): number[] {
  return scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ index }) => index);
}
