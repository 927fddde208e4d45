/**
 * The one retry policy of every model call (the chat model's, resilient-model.ts; the embedder's,
 * resilient-embedder.ts): a concurrency limit and retries. Only transient failures are retried (rate limits,
 * timeouts, 5xx, malformed bodies: `ProviderError.retryable`); a rejected key, a wrong model name, a bad request,
 * a refused content or a cancellation fails at once, since repeating it cannot help and only burns quota. A wait
 * the provider asks for (Retry-After, or a delay its error body states) is waited out in full, by every call
 * through the same policy at once, and does not use up the retries. An exhausted account (`quota`: out of
 * credit, a daily quota) ends every later call at once, without sending it.
 */
import pLimit from 'p-limit';

import { ProviderError } from '../errors';

/** Waits `ms`; rejects when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Options for {@link createResilience}. */
export interface ResilienceOptions {
  /** Most calls in flight at once (per policy, across all callers). */
  concurrency: number;
  /** Retries after the first attempt (0 = no retries). */
  maxRetries: number;
  /** Delay before the first retry; doubles with each further retry. */
  baseDelayMs: number;
  /** Upper bound of a backoff delay. */
  maxDelayMs: number;
  /**
   * Longest wait a provider may ask for that is waited out (default 5 minutes): per-minute limits ask for
   * less. A longer one (a quota counted per hour or day) is reported at once instead of waited for.
   */
  maxRetryAfterMs?: number;
  /** Provider-stated waits one call may sit out, on top of `maxRetries` (default 8). */
  maxRateLimitWaits?: number;
  /** Injected in tests to record delays instead of waiting. */
  sleep?: Sleep;
  /** Jitter source in [0, 1); injected in tests. */
  random?: () => number;
  /** Clock for provider-stated waits; injected in tests. */
  now?: () => number;
}

/** Default of {@link ResilienceOptions.maxRetryAfterMs}. */
export const MAX_STATED_WAIT_MS = 300_000;

function cancelled(): ProviderError {
  // i18n-exempt: a cancellation: the run stops and says so itself; this message is never shown
  return new ProviderError('cancelled', 'The request was cancelled.');
}

/** setTimeout-based {@link Sleep} that stops early with a `cancelled` error when the signal aborts. */
export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Settles with `promise`, or rejects with `cancelled` as soon as `signal` aborts (e.g. while queued). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(cancelled());
    if (signal.aborted) {
      // The queued call still settles (it throws `cancelled` itself): nobody waits for it any more.
      promise.catch(() => undefined);
      return onAbort();
    }
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The wait a rate limit states (Retry-After, or a delay in the error body), if it states one. */
function statedWait(error: ProviderError): number | undefined {
  const wait = error.details.retryAfterMs;
  return error.kind === 'rate-limit' && wait !== undefined ? Math.max(0, wait) : undefined;
}

/**
 * How long to wait before retry number `attempt + 1`: the wait the server stated for a 429, in full, else
 * exponential backoff with "equal jitter" (half fixed, half random), which spreads simultaneous retries
 * without ever retrying immediately.
 */
export function retryDelayMs(
  error: ProviderError,
  attempt: number,
  options: ResilienceOptions,
  random: () => number,
): number {
  const stated = statedWait(error);
  if (stated !== undefined) return stated;
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** One policy's calls: what they learned (a stated wait, an exhausted account) holds for all of them. */
export interface Resilience {
  /** Sends `send` within the limit, again after a transient failure; see the file overview. */
  call<T>(send: () => Promise<T>, signal: AbortSignal | undefined): Promise<T>;
  /**
   * Sends `send` once within the limit, holding back for a stated wait first, and learns from its failure
   * without retrying it (a stream, whose text already handed on cannot be taken back).
   */
  once<T>(send: () => Promise<T>, signal: AbortSignal | undefined): Promise<T>;
}

/** A concurrency limit and retries shared by every call sent through it; see {@link ResilienceOptions}. */
export function createResilience(options: ResilienceOptions): Resilience {
  const limit = pLimit(Math.max(1, options.concurrency));
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const maxStatedWait = options.maxRetryAfterMs ?? MAX_STATED_WAIT_MS;
  const maxWaits = options.maxRateLimitWaits ?? 8;
  // Until when every call holds back, after a provider asked to wait; and the account-wide failure that
  // ends every later call.
  let pausedUntil = 0;
  let exhausted: ProviderError | undefined;

  /** Sits out the provider's stated wait, and a later one another call learned meanwhile. */
  const holdBack = async (signal: AbortSignal | undefined): Promise<void> => {
    let waited = -1;
    while (pausedUntil > now() && pausedUntil !== waited) {
      waited = pausedUntil;
      await sleep(pausedUntil - now(), signal);
    }
  };
  /** Records what a failure means for every call; true when it is a stated wait worth sitting out. */
  const learn = (error: unknown): boolean => {
    if (!(error instanceof ProviderError)) return false;
    if (error.kind === 'quota') exhausted ??= error;
    const stated = statedWait(error);
    if (stated === undefined || stated > maxStatedWait) return false;
    pausedUntil = Math.max(pausedUntil, now() + stated);
    return true;
  };

  // Each attempt takes a slot separately: a call waiting out a backoff must not block others.
  const attemptOnce = <T>(send: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> =>
    untilAborted(
      limit(() => {
        // Aborted while queued: give the slot back without sending anything.
        if (signal?.aborted) throw cancelled();
        return send();
      }),
      signal,
    );

  return {
    async call(send, signal) {
      let retries = 0;
      let waits = 0;
      for (;;) {
        if (signal?.aborted) throw cancelled();
        if (exhausted) throw exhausted;
        await holdBack(signal);
        try {
          return await attemptOnce(send, signal);
        } catch (error) {
          if (learn(error) && waits < maxWaits) {
            waits += 1;
            continue;
          }
          if (!(error instanceof ProviderError) || !error.retryable || statedWait(error) !== undefined) throw error;
          if (retries >= options.maxRetries) throw error;
          await sleep(retryDelayMs(error, retries, options, random), signal);
          retries += 1;
        }
      }
    },
    async once(send, signal) {
      if (exhausted) throw exhausted;
      await holdBack(signal);
      try {
        return await attemptOnce(send, signal);
      } catch (error) {
        // Not retried, but what it says holds for the calls that follow (the caller's fallback included).
        learn(error);
        throw error;
      }
    },
  };
}
