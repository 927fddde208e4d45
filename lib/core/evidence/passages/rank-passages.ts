/**
 * Ranking a list of candidate passages (e.g. from several pages, or a benchmark's candidates) for one
 * claim: each passage is a document for the lexical ranker, whose score is joined by the passage features
 * of `passage-features.ts` (claim words in one sentence, near each other, early), and with an embedder
 * its cosine similarity to the claim is fused in (by reciprocal rank unless `fusion` says otherwise).
 */
import type { Embedder } from '../../ports';
import { embeddingScores, fuse, type Fusion, orderByScore } from './fusion';
import { prepareQuery } from './lexical';
import { combineFeatures, passageFeatures, passageWeightVector } from './passage-features';
import { tokenize } from './tokenize';

export interface RankedPassage {
  /** Index into the input list. */
  index: number;
  /** Higher is better; comparable only within one call. */
  score: number;
}

export interface RankPassagesOptions {
  embedder?: Embedder;
  /** How the embedder's similarities join the lexical scores; default reciprocal rank fusion (`DEFAULT_FUSION`). */
  fusion?: Fusion;
  signal?: AbortSignal;
}

/**
 * The candidates ordered best first for `query` (the claim, optionally followed by its question).
 * Equal scores keep the input order. Embedder failures are thrown, not silently dropped: the caller
 * decides whether to fall back to the lexical ranking.
 */
export async function rankPassages(
  query: string,
  passages: readonly string[],
  options: RankPassagesOptions = {},
): Promise<RankedPassage[]> {
  if (passages.length === 0) return [];
  options.signal?.throwIfAborted();
  const features = passageFeatures(
    prepareQuery(query),
    passages,
    passages.map((passage) => tokenize(passage)),
  );
  let scores = combineFeatures(features, passageWeightVector());
  if (options.embedder) {
    const similarity = await embeddingScores(options.embedder, query, passages, options.signal);
    scores = fuse(scores, similarity, options.fusion);
  }
  return orderByScore(scores).map((index) => ({ index, score: scores[index] ?? 0 }));
}
