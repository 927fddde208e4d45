/**
 * Okapi BM25 over pre-tokenized documents (sentences of a page, or candidate passages).
 *
 * IDF is the Lucene form `ln(1 + (N − df + 0.5) / (df + 0.5))`: never negative, so a word found in most
 * sentences of a page still counts a little instead of pushing scores below zero. It is computed over the
 * documents being ranked (a page has no bigger corpus at hand), which is why callers can pass their own
 * table, e.g. IDF over a page's sentences while scoring windows of them.
 */

export interface Bm25Params {
  /** Term-frequency saturation: how much a repeated word adds. */
  k1: number;
  /** Length normalization: 0 = none, 1 = full. */
  b: number;
}

/**
 * The textbook defaults (Robertson & Zaragoza): k1 = 1.2, b = 0.75. They are also what the plain BM25
 * baseline of the passage eval uses, so "ours vs BM25" compares signals, not tuning.
 */
export const BM25_DEFAULTS: Readonly<Bm25Params> = { k1: 1.2, b: 0.75 };

/**
 * Inverse document frequency of every term in `docs` (Lucene's non-negative BM25 IDF), smoothed with
 * `pseudoDocs` extra documents that contain none of the terms. Over a handful of documents raw IDF is a
 * poor estimate: a claim term found in 4 of 5 candidates gets almost no weight, although the one
 * candidate without it is the likely miss. The pseudo-documents pull weights towards each other when
 * there are few documents and fade away on a page with hundreds of sentences.
 */
export function idfTable(docs: readonly (readonly string[])[], pseudoDocs = 0): Map<string, number> {
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = docs.length + pseudoDocs;
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log(1 + (n - count + 0.5) / (count + 0.5)));
  return idf;
}

/** Term counts of one passage (a "document" in BM25 terms). */
export function termCounts(doc: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of doc) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

export interface Bm25Options {
  params?: Bm25Params;
  /** IDF to use instead of one computed over `docs`. Terms missing from it get the IDF of a df=1 term. */
  idf?: Map<string, number>;
  /** Pseudo-documents for the IDF computed over `docs` (see `idfTable`); default 0 (plain BM25). */
  pseudoDocs?: number;
  /** Average document length to normalize against; default: the mean length of `docs`. */
  avgLength?: number;
}

/**
 * BM25 score of each document for the query. Each distinct query term counts once: claim and question
 * repeat the same words, and counting them twice would reward repetition in the query, not relevance.
 */
export function bm25Scores(
  query: readonly string[],
  docs: readonly (readonly string[])[],
  options: Bm25Options = {},
): number[] {
  const { k1, b } = options.params ?? BM25_DEFAULTS;
  const idf = options.idf ?? idfTable(docs, options.pseudoDocs);
  const rareIdf = Math.log(1 + (Math.max(docs.length + (options.pseudoDocs ?? 0), 1) - 0.5) / 1.5);
  const avg = options.avgLength ?? (docs.reduce((sum, d) => sum + d.length, 0) / Math.max(docs.length, 1) || 1);
  const terms = [...new Set(query)];
  return docs.map((doc) => {
    const counts = termCounts(doc);
    const norm = k1 * (1 - b + (b * doc.length) / avg);
    let score = 0;
    for (const term of terms) {
      const tf = counts.get(term);
      if (!tf) continue;
      score += (idf.get(term) ?? rareIdf) * ((tf * (k1 + 1)) / (tf + norm));
    }
    return score;
  });
}
