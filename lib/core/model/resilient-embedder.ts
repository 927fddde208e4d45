/**
 * Retries around an Embedder, by the chat model's own policy (resilience.ts): a 429, a timeout, a 5xx or a
 * malformed reply is asked again with the same backoff, and a wait the provider states is sat out (up to
 * EMBEDDER_WAITS), so one bad moment of the provider does not send a page's passages to word ranking. What waiting
 * cannot fix fails at once: a server without embeddings (the adapter's `not-found`), a refused key, a bad request,
 * an exhausted quota, a cancellation. Once one call has given up on a rate limit or a server failing, the embedder
 * gives up for the rest of the check (it is built per check): the calls waiting behind it and every later one fail
 * at once with the same error, so a rate-limited embedder costs a check one call's waits, not one per page. Passage
 * selection then ranks by words (select-passages.ts), and the run says so once.
 */
import { ProviderError } from '../errors';
import type { Embedder } from '../ports';
import { createResilience, type ResilienceOptions } from './resilience';

/**
 * How long the embedder sits out a provider's stated waits, shorter than the chat model's (5 minutes, 8 waits): its
 * answer only ranks a page's passages, which words rank too, so a check should not stand still for minutes for it. A
 * longer stated wait, or a third one, gives up at once.
 */
export const EMBEDDER_WAITS = { maxRetryAfterMs: 10_000, maxRateLimitWaits: 2 } as const;

/**
 * Wraps `embedder` with a concurrency limit and retries; see {@link ResilienceOptions}. {@link EMBEDDER_WAITS} bound
 * the stated waits whatever `options` say.
 */
export function withResilientEmbedder(embedder: Embedder, options: ResilienceOptions): Embedder {
  const resilience = createResilience({ ...options, ...EMBEDDER_WAITS });
  const givingUp = new AbortController();
  let gaveUpWith: ProviderError | undefined;
  return {
    async embed(texts, signal) {
      // A cancelled run is said as cancelled, whatever the embedder's state.
      // i18n-exempt: a cancellation: the run stops and says so itself; this message is never shown
      if (signal?.aborted) throw new ProviderError('cancelled', 'The request was cancelled.');
      if (gaveUpWith) throw gaveUpWith;
      // The caller's cancellation, or the embedder giving up: either ends a call waiting or in flight.
      const ended = signal ? AbortSignal.any([signal, givingUp.signal]) : givingUp.signal;
      try {
        return await resilience.call(() => embedder.embed(texts, ended), ended);
      } catch (error) {
        if (signal?.aborted) throw error;
        if (gaveUpWith) throw gaveUpWith;
        // The provider's bad moment outlasted the retries and waits: a rate limit or its server failing, which the
        // next page would meet too. (A timeout or a malformed reply may be that page's batch alone.)
        if (error instanceof ProviderError && (error.kind === 'rate-limit' || error.kind === 'server')) {
          gaveUpWith = error;
          givingUp.abort();
        }
        throw error;
      }
    },
  };
}
