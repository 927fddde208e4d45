/**
 * The embedder sits out a provider's bad day by the chat model's own policy: the same backoff, the same stated
 * waits, the same refusals that end at once. Only what differs for embeddings is asserted here; the policy's
 * finer points (jitter, shared waits, the concurrency limit) are resilient-model.test.ts's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ProviderError } from '../../../../../lib/core/errors';
import type { ResilienceOptions } from '../../../../../lib/core/model/resilience';
import { withResilientEmbedder } from '../../../../../lib/core/model/resilient-embedder';
import type { Embedder } from '../../../../../lib/core/ports';
import { recordingSleep } from '../../../support/model-fakes';

const OPTIONS: ResilienceOptions = {
  concurrency: 4,
  maxRetries: 3,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  random: () => 1,
  now: () => 1_000,
};

/** An embedder that throws each scripted failure in turn, then embeds; it records the signal of every call. */
function scripted(failures: Error[]): Embedder & { signals: Array<AbortSignal | undefined> } {
  const signals: Array<AbortSignal | undefined> = [];
  return {
    signals,
    embed: async (texts, signal) => {
      signals.push(signal);
      const failure = failures.shift();
      if (failure) throw failure;
      return texts.map(() => [1, 0]);
    },
  };
}

const server = () => new ProviderError('server', 'OpenAI had a server error (500).', { status: 500 });

afterEach(() => {
  vi.useRealTimers();
});

describe('withResilientEmbedder', () => {
  it('waits out a 429 that states its wait, then embeds', async () => {
    const embedder = scripted([new ProviderError('rate-limit', '429', { status: 429, retryAfterMs: 750 })]);
    const { sleep, delays } = recordingSleep();
    await expect(withResilientEmbedder(embedder, { ...OPTIONS, sleep }).embed(['a', 'b'])).resolves.toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(delays).toEqual([750]);
  });

  it("gives every attempt a signal that the caller's cancellation aborts, so a request in flight ends too", async () => {
    const embedder = scripted([server()]);
    const { sleep } = recordingSleep();
    const controller = new AbortController();
    await withResilientEmbedder(embedder, { ...OPTIONS, sleep }).embed(['a'], controller.signal);
    expect(embedder.signals).toHaveLength(2);
    expect(embedder.signals.some((attempt) => attempt?.aborted)).toBe(false);
    controller.abort();
    expect(embedder.signals.every((attempt) => attempt?.aborted)).toBe(true);
  });

  it('gives up for the rest of the check once one call has: later calls fail at once, asking nothing', async () => {
    const long = new ProviderError('rate-limit', '429', { status: 429, retryAfterMs: 60_000 });
    const embedder = scripted([long]);
    const resilient = withResilientEmbedder(embedder, { ...OPTIONS, sleep: recordingSleep().sleep });
    await expect(resilient.embed(['a'])).rejects.toBe(long);
    await expect(resilient.embed(['b'])).rejects.toBe(long);
    await expect(resilient.embed(['c'])).rejects.toBe(long);
    expect(embedder.signals).toHaveLength(1);
  });

  it('ends the calls waiting behind the one that gave up with its error, not as cancelled', async () => {
    // The first call backs off on a 5xx for as long as nobody aborts its wait.
    const { sleep, waited } = recordingSleep({ hang: true });
    const long = new ProviderError('rate-limit', '429', { status: 429, retryAfterMs: 60_000 });
    const embedder = scripted([server(), long]);
    const resilient = withResilientEmbedder(embedder, { ...OPTIONS, sleep });
    const waiting = resilient.embed(['a']).catch((error: unknown) => error);
    await waited;
    await expect(resilient.embed(['b'])).rejects.toBe(long);
    await expect(waiting).resolves.toBe(long);
    expect(embedder.signals).toHaveLength(2);
  });

  it('says a call cancelled before it starts is cancelled, even once the embedder has given up', async () => {
    const long = new ProviderError('rate-limit', '429', { status: 429, retryAfterMs: 60_000 });
    const resilient = withResilientEmbedder(scripted([long]), { ...OPTIONS, sleep: recordingSleep().sleep });
    await expect(resilient.embed(['a'])).rejects.toBe(long);
    const controller = new AbortController();
    controller.abort();
    await expect(resilient.embed(['b'], controller.signal)).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it("does not give up for the check on a timeout or a malformed reply: that page's batch may be the cause", async () => {
    const timeouts = [1, 2, 3, 4].map(() => new ProviderError('timeout', 'The request to OpenAI timed out.'));
    const embedder = scripted(timeouts);
    const resilient = withResilientEmbedder(embedder, { ...OPTIONS, sleep: recordingSleep().sleep });
    await expect(resilient.embed(['a'])).rejects.toMatchObject({ kind: 'timeout' });
    await expect(resilient.embed(['b'])).resolves.toEqual([[1, 0]]);
  });

  it("does not give up on a caller's cancellation: the next call is asked", async () => {
    const { sleep, waited } = recordingSleep({ hang: true });
    const embedder = scripted([server()]);
    const resilient = withResilientEmbedder(embedder, { ...OPTIONS, sleep });
    const controller = new AbortController();
    const waiting = resilient.embed(['a'], controller.signal).then(
      () => 'embedded',
      () => 'ended',
    );
    await waited;
    controller.abort();
    await expect(waiting).resolves.toBe('ended');
    await expect(resilient.embed(['b'])).resolves.toEqual([[1, 0]]);
    expect(embedder.signals).toHaveLength(2);
  });

  it('does not stand still for a long stated wait or for more than its own few: the page goes to word ranking', async () => {
    const { sleep, delays } = recordingSleep();
    const long = new ProviderError('rate-limit', '429', { status: 429, retryAfterMs: 60_000 });
    const longWait = scripted([long]);
    await expect(withResilientEmbedder(longWait, { ...OPTIONS, sleep }).embed(['a'])).rejects.toBe(long);
    expect({ delays, asked: longWait.signals.length }).toEqual({ delays: [], asked: 1 });

    const short = () => new ProviderError('rate-limit', '429', { status: 429, retryAfterMs: 500 });
    const failures = [short(), short(), short(), short()];
    const third = failures[2];
    const manyWaits = scripted(failures);
    await expect(withResilientEmbedder(manyWaits, { ...OPTIONS, sleep }).embed(['a'])).rejects.toBe(third);
    expect({ delays, asked: manyWaits.signals.length }).toEqual({ delays: [500, 500], asked: 3 });
  });

  it('backs off as the chat model does on a 5xx, a timeout or a malformed reply, and gives up after maxRetries', async () => {
    const embedder = scripted([
      server(),
      new ProviderError('timeout', 'The request to OpenAI timed out.'),
      new ProviderError('malformed', 'one vector too few'),
      server(),
      server(),
    ]);
    const { sleep, delays } = recordingSleep();
    const error = await withResilientEmbedder(embedder, { ...OPTIONS, sleep })
      .embed(['a'])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'server' });
    expect(embedder.signals).toHaveLength(4);
    expect(delays).toEqual([100, 200, 400]);
  });

  it.each(['not-found', 'auth', 'bad-request', 'quota', 'cancelled'] as const)(
    'never asks again after %s (no embeddings here, a refused key or request, an exhausted quota, a cancellation)',
    async (kind) => {
      const embedder = scripted([new ProviderError(kind, kind)]);
      const { sleep, delays } = recordingSleep();
      await expect(withResilientEmbedder(embedder, { ...OPTIONS, sleep }).embed(['a'])).rejects.toMatchObject({
        kind,
      });
      expect(embedder.signals).toHaveLength(1);
      expect(delays).toEqual([]);
    },
  );

  it('stops at once, asking nothing more, when cancelled during a backoff wait', async () => {
    const embedder = scripted([server()]);
    // Fake timers make the backoff an observable timer instead of a race with the abort.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    const outcome = withResilientEmbedder(embedder, { ...OPTIONS, baseDelayMs: 60_000, maxDelayMs: 60_000 })
      .embed(['a'], controller.signal)
      .then(
        () => 'embedded',
        (error: unknown) => error,
      );
    for (let turn = 0; turn < 100 && vi.getTimerCount() === 0; turn += 1) await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await expect(outcome).resolves.toMatchObject({ kind: 'cancelled' });
    // It was the backoff's own timer that the abort ended; no second request went out.
    expect(vi.getTimerCount()).toBe(0);
    expect(embedder.signals).toHaveLength(1);
  });
});
