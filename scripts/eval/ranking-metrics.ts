/**
 * Ranking metrics for the passage eval, with binary relevance: P@1, reciprocal rank and nDCG@k.
 * A ranking lists candidate indices best first; `relevant` is the set of indices judged relevant.
 */

/** 1 when the top-ranked candidate is relevant, else 0. */
export function precisionAt1(ranking: readonly number[], relevant: ReadonlySet<number>): number {
  const first = ranking[0];
  return first !== undefined && relevant.has(first) ? 1 : 0;
}

/** 1 / (rank of the first relevant candidate), 0 when none is ranked. */
export function reciprocalRank(ranking: readonly number[], relevant: ReadonlySet<number>): number {
  const position = ranking.findIndex((index) => relevant.has(index));
  return position < 0 ? 0 : 1 / (position + 1);
}

/**
 * nDCG@k with gains 1/log2(rank + 1): the ranking's DCG over the best possible one, where the ideal puts
 * all relevant candidates first (at most k of them count).
 */
export function ndcgAt(k: number, ranking: readonly number[], relevant: ReadonlySet<number>): number {
  const gain = (position: number): number => 1 / Math.log2(position + 2);
  let dcg = 0;
  ranking.slice(0, k).forEach((index, position) => {
    if (relevant.has(index)) dcg += gain(position);
  });
  let ideal = 0;
  for (let position = 0; position < Math.min(k, relevant.size); position++) ideal += gain(position);
  return ideal === 0 ? 0 : dcg / ideal;
}

export interface RankingSummary {
  /** Items scored: those with at least one relevant candidate (the metrics are undefined otherwise). */
  items: number;
  /** Items left out because nothing in them is relevant. */
  skipped: number;
  p1: number;
  mrr: number;
  ndcg5: number;
}

/** Mean P@1, MRR and nDCG@5 over the items that have at least one relevant candidate. */
export function summarize(
  results: ReadonlyArray<{ ranking: readonly number[]; relevant: readonly number[] }>,
): RankingSummary {
  let items = 0;
  let p1 = 0;
  let mrr = 0;
  let ndcg5 = 0;
  for (const { ranking, relevant } of results) {
    const set = new Set(relevant);
    if (set.size === 0) continue;
    items++;
    p1 += precisionAt1(ranking, set);
    mrr += reciprocalRank(ranking, set);
    ndcg5 += ndcgAt(5, ranking, set);
  }
  const mean = (sum: number): number => (items === 0 ? 0 : sum / items);
  return { items, skipped: results.length - items, p1: mean(p1), mrr: mean(mrr), ndcg5: mean(ndcg5) };
}
