/**
 * The lexical relevance of text units (sentences of a page, or candidate passages) to a claim: smoothed
 * BM25 plus number and name overlap. This is the ranker that must stand alone when no embedder is
 * configured, so it is tuned for that.
 *
 * Parameters were chosen on the "dev" half of Factcheck-Bench's claim–passage set (split by a hash of the
 * item id; `npm run eval -- passages`) from k1 ∈ {0.5, 1.2, 2} × b ∈ {0.3, 0.75} × pseudo-documents ∈
 * {0, 5, 10, 20, 50, 200} by the dev column alone; the held-out half was printed beside it, not used to
 * choose (BM25 alone, MRR: dev 0.838 → 0.853, held-out 0.846 → 0.859):
 * - k1 = 0.5: a unit that repeats a claim word is barely more relevant than one that says it once; what
 *   counts is how many of the claim's words it has.
 * - b = 0.3: mild length normalization; long sentences and passages carry more facts, not just more words.
 * - 50 pseudo-documents of IDF smoothing (see `idfTable`): IDF over five candidates or a short page is
 *   too noisy to trust fully; on a long page the smoothing fades.
 * - numbers and names add up to 0.25 each to the max-normalized BM25 (which lies in 0..1): enough to break
 *   near-ties in favour of the passage with the claim's year or name, too little to outvote the text.
 *   On the eval set they measure neutral; they are kept because fact-checks hinge on them.
 */
import { type Bm25Params, bm25Scores, idfTable } from './bm25';
import { entityTerms, numberTerms, overlap } from './signals';
import { tokenize } from './tokenize';

export const LEXICAL_PARAMS = {
  bm25: { k1: 0.5, b: 0.3 } satisfies Bm25Params,
  pseudoDocs: 50,
  numberWeight: 0.25,
  entityWeight: 0.25,
} as const;

/** A claim (plus question) read once for scoring many units. */
export interface PreparedQuery {
  terms: string[];
  numbers: string[];
  entities: string[];
}

/** Tokenizes the query and extracts its numbers and names. */
export function prepareQuery(query: string): PreparedQuery {
  return { terms: [...new Set(tokenize(query))], numbers: numberTerms(query), entities: entityTerms(query) };
}

export interface LexicalOptions {
  /** IDF table to use (e.g. over a page's sentences while scoring windows); default: over `docs`, smoothed. */
  idf?: Map<string, number>;
}

/** The IDF table the lexical ranker uses over `docs`. */
export function lexicalIdf(docs: readonly (readonly string[])[]): Map<string, number> {
  return idfTable(docs, LEXICAL_PARAMS.pseudoDocs);
}

/**
 * Relevance of each tokenized unit to the query; higher is better. BM25 is divided by the best unit's
 * BM25 so the extra signals have the same meaning on every page, whatever its vocabulary.
 */
export function lexicalScores(
  query: PreparedQuery,
  docs: readonly (readonly string[])[],
  options: LexicalOptions = {},
): number[] {
  const bm25 = bm25Scores(query.terms, docs, { params: LEXICAL_PARAMS.bm25, idf: options.idf ?? lexicalIdf(docs) });
  const best = Math.max(0, ...bm25);
  return docs.map((doc, i) => {
    const tokens = new Set(doc);
    const text = best > 0 ? (bm25[i] ?? 0) / best : 0;
    return (
      text +
      LEXICAL_PARAMS.numberWeight * overlap(query.numbers, tokens) +
      LEXICAL_PARAMS.entityWeight * overlap(query.entities, tokens)
    );
  });
}
