import { describe, expect, it, vi } from 'vitest';

import { ProviderError } from '../../../../../lib/core/errors';
import type { ResilienceOptions } from '../../../../../lib/core/model/resilience';
import { withResilience } from '../../../../../lib/core/model/resilient-model';
import type { ChatRequest, ChatResponse } from '../../../../../lib/core/ports';
import { type Deferred, deferred, recordingSleep, reply, ScriptedModel } from '../../../support/model-fakes';

const request: ChatRequest = { role: 'fast', messages: [{ role: 'user', content: 'hi' }] };

function options(change: Partial<ResilienceOptions> = {}): ResilienceOptions {
  return {
    concurrency: 4,
    maxRetries: 3,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    random: () => 1,
    now: () => 1_000,
    ...change,
  };
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

  it('reports at once a stated wait longer than maxRetryAfterMs (an hourly or daily limit), without waiting', async () => {
    const limited = new ProviderError('rate-limit', '429', { retryAfterMs: 600_000 });
    const model = new ScriptedModel([limited, reply('ok')]);
    const { sleep, delays } = recordingSleep();
    await expect(withResilience(model, options({ sleep, maxRetryAfterMs: 5_000 })).complete(request)).rejects.toBe(
      limited,
    );
    expect(delays).toEqual([]);
    expect(model.calls).toHaveLength(1);
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

  it('waits out a stated wait in full, even one longer than maxDelayMs, without using up the retries', async () => {
    // Gemini's free tier: "Please retry in 46s", several times over, with no retries left for other failures.
    const limited = () => new ProviderError('rate-limit', 'wait 46 s', { status: 429, retryAfterMs: 46_000 });
    const model = new ScriptedModel([limited(), limited(), limited(), reply('ok')]);
    const { sleep, delays } = recordingSleep();
    const result = await withResilience(model, options({ sleep, maxRetries: 0, maxDelayMs: 30_000 })).complete(request);
    expect(result.text).toBe('ok');
    expect(delays).toEqual([46_000, 46_000, 46_000]);
  });

  it('holds every call of the model back while one waits out a stated wait', async () => {
    let clock = 0;
    const delays: number[] = [];
    const sleep = async (ms: number) => {
      delays.push(ms);
      clock += ms;
    };
    const model = new ScriptedModel([
      new ProviderError('rate-limit', 'wait 10 s', { status: 429, retryAfterMs: 10_000 }),
      reply('first'),
      reply('second'),
    ]);
    const limited = withResilience(model, options({ sleep, now: () => clock, concurrency: 1 }));
    const first = limited.complete(request);
    const second = limited.complete({ ...request, messages: [{ role: 'user', content: 'second' }] });
    expect((await Promise.all([first, second])).map((r) => r.text).sort()).toEqual(['first', 'second']);
    // The second call was queued behind the first; it did not go out before the wait was over.
    expect(model.calls.map((call) => call.messages[0]!.content)).toEqual(['hi', 'second', 'hi']);
    expect(delays[0]).toBe(10_000);
    expect(clock).toBe(10_000);
  });

  it('an exhausted account (quota) ends every later call at once, without sending it', async () => {
    const broke = new ProviderError('quota', 'Your OpenAI account is out of credit (billing)', { status: 429 });
    const model = new ScriptedModel([broke, reply('never')]);
    const limited = withResilience(model, options({ sleep: recordingSleep().sleep }));
    await expect(limited.complete(request)).rejects.toBe(broke);
    await expect(limited.complete(request)).rejects.toBe(broke);
    expect(model.calls).toHaveLength(1);
  });

  it.each([
    'auth',
    'not-found',
    'bad-request',
    'cancelled',
    'forbidden-origin',
    'unreachable',
    'refused',
    'quota',
  ] as const)('never retries %s', async (kind) => {
    const model = new ScriptedModel([new ProviderError(kind, kind), reply('never')]);
    const { sleep, delays } = recordingSleep();
    await expect(withResilience(model, options({ sleep })).complete(request)).rejects.toMatchObject({ kind });
    expect(model.calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

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
