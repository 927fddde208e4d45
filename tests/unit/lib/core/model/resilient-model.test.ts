import { describe, expect, it, vi } from 'vitest';

import { ProviderError } from '../../../../../lib/core/errors';
import { type ResilienceOptions, withResilience } from '../../../../../lib/core/model/resilient-model';
import type { ChatRequest, ChatResponse } from '../../../../../lib/core/ports';
import { type Deferred, deferred, recordingSleep, reply, ScriptedModel } from '../../../support/model-fakes';

const request: ChatRequest = { role: 'fast', messages: [{ role: 'user', content: 'hi' }] };

function options(change: Partial<ResilienceOptions> = {}): ResilienceOptions {
  return { concurrency: 4, maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1_000, random: () => 1, ...change };
}

const server = () => new ProviderError('server', '500', { status: 500 });

/** Lets the failed attempt settle (microtasks only) until the retry wait has scheduled its timer. */
async function untilTimerScheduled(): Promise<void> {
  for (let turn = 0; turn < 100 && vi.getTimerCount() === 0; turn += 1) await Promise.resolve();
}

describe('withResilience', () => {
  it('honours Retry-After from a 429 and then succeeds', async () => {
    const model = new ScriptedModel([
      new ProviderError('rate-limit', '429', { status: 429, retryAfterMs: 750 }),
      reply('ok'),
    ]);
    const { sleep, delays } = recordingSleep();
    const result = await withResilience(model, options({ sleep })).complete(request);
    expect(result.text).toBe('ok');
    expect(delays).toEqual([750]);
    expect(model.calls).toHaveLength(2);
  });

  it('caps a long Retry-After', async () => {
    const model = new ScriptedModel([new ProviderError('rate-limit', '429', { retryAfterMs: 600_000 }), reply('ok')]);
    const { sleep, delays } = recordingSleep();
    await withResilience(model, options({ sleep, maxRetryAfterMs: 5_000 })).complete(request);
    expect(delays).toEqual([5_000]);
  });

  it('backs off exponentially up to maxDelayMs, with jitter, and gives up after maxRetries', async () => {
    const model = new ScriptedModel([server(), server(), server(), server(), server()]);
    const { sleep, delays } = recordingSleep();
    const error = await withResilience(model, options({ sleep, maxRetries: 4, maxDelayMs: 500 }))
      .complete(request)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'server' });
    expect(model.calls).toHaveLength(5);
    expect(delays).toEqual([100, 200, 400, 500]);

    // Jitter: with random 0 each delay is half its ceiling (equal jitter never retries at once).
    const jittered = recordingSleep();
    const again = new ScriptedModel([
      server(),
      new ProviderError('timeout', 't'),
      new ProviderError('malformed', 'm'),
      reply('ok'),
    ]);
    await withResilience(again, options({ sleep: jittered.sleep, random: () => 0 })).complete(request);
    expect(jittered.delays).toEqual([50, 100, 200]);
  });

  it.each(['auth', 'not-found', 'bad-request', 'cancelled', 'forbidden-origin', 'unreachable'] as const)(
    'never retries %s',
    async (kind) => {
      const model = new ScriptedModel([new ProviderError(kind, kind), reply('never')]);
      const { sleep, delays } = recordingSleep();
      await expect(withResilience(model, options({ sleep })).complete(request)).rejects.toMatchObject({ kind });
      expect(model.calls).toHaveLength(1);
      expect(delays).toEqual([]);
    },
  );

  it('does not retry errors that are not ProviderErrors (bugs)', async () => {
    const model = new ScriptedModel([new TypeError('bug'), reply('never')]);
    await expect(
      withResilience(model, options({ sleep: recordingSleep().sleep })).complete(request),
    ).rejects.toBeInstanceOf(TypeError);
    expect(model.calls).toHaveLength(1);
  });

  it('never has more calls in flight than the limit', async () => {
    const pending: Deferred<ChatResponse>[] = [];
    let active = 0;
    let maxActive = 0;
    let started = deferred<void>();
    const model = new ScriptedModel(
      Array.from({ length: 7 }, () => async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        const gate = deferred<ChatResponse>();
        pending.push(gate);
        started.resolve();
        try {
          return await gate.promise;
        } finally {
          active -= 1;
        }
      }),
    );
    const limited = withResilience(model, options({ concurrency: 2 }));
    const results = Array.from({ length: 7 }, (_, index) =>
      limited.complete({ ...request, messages: [{ role: 'user', content: `${index}` }] }),
    );
    for (let index = 0; index < 7; index++) {
      while (pending.length <= index) {
        await started.promise;
        started = deferred<void>();
      }
      expect(active).toBeLessThanOrEqual(2);
      pending[index]!.resolve(reply(`r${index}`));
    }
    expect((await Promise.all(results)).map((r) => r.text)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    expect(maxActive).toBe(2);
  });

  it('stops waiting for a retry when the signal aborts', async () => {
    const model = new ScriptedModel([server(), reply('never')]);
    const { sleep, waited } = recordingSleep({ hang: true });
    const controller = new AbortController();
    const call = withResilience(model, options({ sleep })).complete({ ...request, signal: controller.signal });
    await waited;
    controller.abort();
    await expect(call).rejects.toThrow('sleep aborted');
    expect(model.calls).toHaveLength(1);
  });

  it('the default sleep ends early with a cancelled error on abort', async () => {
    const model = new ScriptedModel([
      new ProviderError('rate-limit', '429', { retryAfterMs: 3_600_000 }),
      reply('never'),
    ]);
    // Fake timers make the hour-long wait an observable timer instead of a race with the abort.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const controller = new AbortController();
      const call = withResilience(model, options({ maxRetryAfterMs: 3_600_000 })).complete({
        ...request,
        signal: controller.signal,
      });
      const outcome = call.then(
        () => 'resolved',
        (error: unknown) => error,
      );
      await untilTimerScheduled();
      expect(vi.getTimerCount()).toBe(1);
      controller.abort();
      await expect(outcome).resolves.toMatchObject({ kind: 'cancelled' });
      // The abort cleared the default sleep's own timer, so it was that sleep that stopped, not the model call.
      expect(vi.getTimerCount()).toBe(0);
      expect(model.calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a queued call at once when aborted, without ever sending it', async () => {
    const first = deferred<ChatResponse>();
    const model = new ScriptedModel([() => first.promise, reply('never')]);
    const limited = withResilience(model, options({ concurrency: 1 }));
    const running = limited.complete(request);
    const controller = new AbortController();
    const queued = limited.complete({ ...request, signal: controller.signal });
    controller.abort();
    await expect(queued).rejects.toMatchObject({ kind: 'cancelled' });
    first.resolve(reply('first'));
    expect((await running).text).toBe('first');
    expect(model.calls).toHaveLength(1);
  });

  it('refuses to start when the signal is already aborted', async () => {
    const model = new ScriptedModel([reply('never')]);
    await expect(
      withResilience(model, options()).complete({ ...request, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
    expect(model.calls).toHaveLength(0);
  });
});
