/**
 * Choosing the evidence passage(s) of one page for a claim: split the page into sentences, rank them
 * with their context windows, and keep the best windows that do not overlap.
 */
import { isCancellation, ProviderError, type ProviderErrorKind } from '../../errors';
import type { Embedder } from '../../ports';
import { pageSentences } from './page-sentences';
import { rankSentences, windowAround } from './rank-sentences';

/**
 * Embedder failures that mean "no embeddings here" (see the embedder adapter): how that server or key is, not a bad
 * day. An exhausted quota (out of credit, a daily limit) is not one of them: the person can do something about it.
 */
const NO_EMBEDDINGS = new Set<ProviderErrorKind>(['not-found', 'bad-request', 'auth']);

export interface SelectPassagesInput {
  claim: string;
  /** The claim's type-aware question; its words join the query (stopwords such as "when" are dropped). */
  question?: string;
  /** The page's main text. */
  text: string;
  /** BCP 47 language of the page, for sentence splitting. */
  lang?: string;
  /** How many passages to keep (user setting "passages per page", default 1). */
  passagesPerPage: number;
  /** Sentences of context on each side of the best sentence (user setting "context sentences", default 1). */
  contextSentences: number;
  embedder?: Embedder;
  /**
   * Told when the embedder failed otherwise than by having no embeddings (a 429, a timeout, a 5xx, the network, a
   * malformed reply) and the words chose the passages instead; never for a cancellation. What it throws is
   * thrown: a caller that measures the embeddings (the passages eval) stops there instead.
   */
  onEmbedderFailure?: (error: unknown) => void;
  signal?: AbortSignal;
}

export interface SelectedPassage {
  /** Exactly `text.slice(start, end)` of the page text. */
  text: string;
  /** UTF-16 offsets into the page text. */
  start: number;
  end: number;
  /** Higher is better; comparable only within one page. Without an embedder, 0 means no claim word was found. */
  score: number;
  /** The best sentence the passage was built around (UTF-16 offsets into the page text). */
  best: { start: number; end: number };
}

/**
 * The best passages of the page, best first, at most `passagesPerPage`, never overlapping. The first is
 * returned even when nothing matches (the page was found for this claim, and its score says 0); further
 * ones only when they match something. Context may reach across a paragraph break: a heading or the
 * previous paragraph's last sentence is often what a sentence's "it" or "that year" refers to.
 */
export async function selectPassages(input: SelectPassagesInput): Promise<SelectedPassage[]> {
  const wanted = Math.max(0, Math.floor(input.passagesPerPage));
  const context = Math.max(0, Math.floor(input.contextSentences));
  if (wanted === 0) return [];
  // The same page is often found for several claims: its sentences and tokens are computed once.
  const { sentences, tokens } = pageSentences(input.text, input.lang);
  if (sentences.length === 0) return [];
  const query = input.question ? `${input.claim}\n${input.question}` : input.claim;
  const rank = (embedder: Embedder | undefined) =>
    rankSentences({ query, sentences, tokens, contextSentences: context, embedder, signal: input.signal });
  let ranked;
  try {
    ranked = await rank(input.embedder);
  } catch (error) {
    // Embeddings only sharpen the choice: the words still find the passage, so no embedder failure sinks the
    // claim whose page was found and read. A cancellation still stops everything at once.
    if (isCancellation(error) || input.signal?.aborted) throw error;
    ranked = await rank(undefined);
    // A server without embeddings (or a key that does not cover them) is how that server or key is, not a bad day:
    // the check is what it would be with no embedding model chosen, and saying so on every check would be noise.
    if (!(error instanceof ProviderError && NO_EMBEDDINGS.has(error.kind))) input.onEmbedderFailure?.(error);
  }

  const taken: Array<[number, number]> = [];
  const passages: SelectedPassage[] = [];
  for (const { index, score } of ranked) {
    if (passages.length >= wanted) break;
    if (passages.length > 0 && score <= 0) break;
    const [lo, hi] = windowAround(index, context, sentences.length);
    if (taken.some(([a, b]) => lo <= b && a <= hi)) continue;
    taken.push([lo, hi]);
    const start = sentences[lo]?.start ?? 0;
    const end = sentences[hi]?.end ?? start;
    const best = { start: sentences[index]?.start ?? start, end: sentences[index]?.end ?? end };
    passages.push({ text: input.text.slice(start, end), start, end, score, best });
  }
  return passages;
}
