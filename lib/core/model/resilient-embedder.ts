/**
 * Retries around an Embedder, by the chat model's own policy (resilience.ts): a 429, a timeout, a 5xx or a
 * malformed reply is asked again with the same backoff, and a wait the provider states is waited out, so one bad
 * moment of the provider does not send a page's passages to word ranking. What waiting cannot fix fails at
 * once: a server without embeddings (the adapter's `not-found`), a refused key, a bad request, an exhausted
 * quota, a cancellation. Passage selection then ranks by words (select-passages.ts).
 */
import type { Embedder } from '../ports';
import { createResilience, type ResilienceOptions } from './resilience';

/**
 * How long the embedder sits out a provider's stated waits, shorter than the chat model's (5 minutes, 8 waits): its
 * answer only ranks a page's passages, which words rank too, so a check should not stand still for minutes for it. A
 * longer stated wait, or a third one, sends the page to word ranking at once (with the run's one warning).
 */
export const EMBEDDER_WAITS = { maxRetryAfterMs: 10_000, maxRateLimitWaits: 2 } as const;

/** Wraps `embedder` with a concurrency limit and retries; see {@link ResilienceOptions} and {@link EMBEDDER_WAITS}. */
export function withResilientEmbedder(embedder: Embedder, options: ResilienceOptions): Embedder {
  const resilience = createResilience({ ...EMBEDDER_WAITS, ...options });
  return { embed: (texts, signal) => resilience.call(() => embedder.embed(texts, signal), signal) };
}
