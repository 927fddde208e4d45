/**
 * Concurrency limit and retries around any ChatModel. Only transient failures are retried (rate limits,
 * timeouts, 5xx, malformed bodies: `ProviderError.retryable`); a rejected key, a wrong model name, a bad
 * request or a cancellation fails at once, since repeating it cannot help and only burns quota.
 */
import pLimit from 'p-limit';

import { ProviderError } from '../errors';
import type { ChatModel, ChatRequest, ChatResponse } from '../ports';

/** Waits `ms`; rejects when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Options for {@link withResilience}. */
export interface ResilienceOptions {
  /** Most calls in flight at once (per wrapped model, across all callers). */
  concurrency: number;
  /** Retries after the first attempt (0 = no retries). */
  maxRetries: number;
  /** Delay before the first retry; doubles with each further retry. */
  baseDelayMs: number;
  /** Upper bound of a backoff delay. */
  maxDelayMs: number;
  /** Longest server-requested wait (Retry-After) honoured; longer ones are cut to this. Default `maxDelayMs`. */
  maxRetryAfterMs?: number;
  /** Injected in tests to record delays instead of waiting. */
  sleep?: Sleep;
  /** Jitter source in [0, 1); injected in tests. */
  random?: () => number;
}

function cancelled(): ProviderError {
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
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * How long to wait before retry number `attempt + 1`: the server's Retry-After when a 429 gives one
 * (capped, so one answer cannot stall a check for minutes), else exponential backoff with "equal jitter"
 * (half fixed, half random), which spreads simultaneous retries without ever retrying immediately.
 */
export function retryDelayMs(
  error: ProviderError,
  attempt: number,
  options: ResilienceOptions,
  random: () => number,
): number {
  const retryAfter = error.details.retryAfterMs;
  if (error.kind === 'rate-limit' && retryAfter !== undefined) {
    return Math.min(Math.max(0, retryAfter), options.maxRetryAfterMs ?? options.maxDelayMs);
  }
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** Wraps `model` with a concurrency limit and retries; see {@link ResilienceOptions}. */
export function withResilience(model: ChatModel, options: ResilienceOptions): ChatModel {
  const limit = pLimit(Math.max(1, options.concurrency));
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;

  // Each attempt takes a slot separately: a call waiting out a backoff must not block others.
  const attemptOnce = (request: ChatRequest): Promise<ChatResponse> =>
    untilAborted(
      limit(() => {
        // Aborted while queued: give the slot back without sending anything.
        if (request.signal?.aborted) throw cancelled();
        return model.complete(request);
      }),
      request.signal,
    );

  const resilient: ChatModel = {
    async complete(request) {
      for (let attempt = 0; ; attempt++) {
        if (request.signal?.aborted) throw cancelled();
        try {
          return await attemptOnce(request);
        } catch (error) {
          if (!(error instanceof ProviderError) || !error.retryable || attempt >= options.maxRetries) throw error;
          await sleep(retryDelayMs(error, attempt, options, random), request.signal);
        }
      }
    },
  };
  const stream = model.stream?.bind(model);
  if (stream) {
    // A stream holds its slot until it ends. It is not retried here: text already handed to `onText` cannot
    // be taken back, so its caller decides how to recover (claim extraction asks again, without streaming,
    // for what it has not got; that call is retried as usual).
    resilient.stream = (request, onText) =>
      untilAborted(
        limit(() => {
          if (request.signal?.aborted) throw cancelled();
          return stream(request, onText);
        }),
        request.signal,
      );
  }
  return resilient;
}
