/**
 * Deadlines on a model server's reply, as a `fetch` wrapper the SDK client is given. The `openai` SDK's own
 * timeout ends when the response headers arrive, so a server that sends its headers and then stops (an SSE
 * stream that stalls after a few chunks, a JSON body cut off mid-way with the socket left open) would keep
 * a call, and the check waiting on it, pending for ever. Two limits hold every call: an idle limit between
 * pieces of the body, and an overall deadline from the request to the last byte. Either one aborts the
 * request and fails the body with a {@link ReplyDeadlineError}, which becomes a retryable `timeout`.
 */

/** The limits, in milliseconds. */
export interface ReplyDeadlines {
  /** Longest silence between two pieces of the body, once the headers are in. */
  idleMs: number;
  /** Longest time for the whole call, headers and body. */
  totalMs: number;
}

/**
 * Generous on purpose: a reasoning model may think for minutes before its first visible token, and a local
 * model on a laptop writes a few tokens a second. They exist so that nothing waits for ever.
 */
export const DEFAULT_REPLY_DEADLINES: ReplyDeadlines = { idleMs: 120_000, totalMs: 600_000 };

/** The server went silent (`idle`) or the call ran out of time (`total`). Not named AbortError on purpose:
 * the SDK's stream reader treats an AbortError as a normal end and would hand back a half reply. */
export class ReplyDeadlineError extends Error {
  override readonly name = 'ReplyDeadlineError';

  constructor(
    readonly which: 'idle' | 'total',
    readonly ms: number,
  ) {
    // i18n-exempt: turned into the coded `reply-stalled`/`reply-too-slow` notice (provider-error.ts)
    super(
      which === 'idle'
        ? `the reply stalled: nothing arrived for ${Math.round(ms / 1000)} s (timed out)`
        : `the reply took longer than ${Math.round(ms / 1000)} s (timed out)`,
    );
  }
}

/** `inner` with both deadlines applied to every call. */
export function withReplyDeadlines(inner: typeof fetch, limits: ReplyDeadlines): typeof fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const caller = init?.signal ?? undefined;
    let expired: ReplyDeadlineError | undefined;
    let failBody: ((error: ReplyDeadlineError) => void) | undefined;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const onCallerAbort = (): void => controller.abort(caller?.reason);
    const finish = (): void => {
      clearTimeout(total);
      clearTimeout(idle);
      caller?.removeEventListener('abort', onCallerAbort);
    };
    const expire = (error: ReplyDeadlineError): void => {
      if (expired) return;
      expired = error;
      finish();
      failBody?.(error);
      controller.abort(error);
    };
    const total = setTimeout(() => expire(new ReplyDeadlineError('total', limits.totalMs)), limits.totalMs);
    if (caller?.aborted) onCallerAbort();
    else caller?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    try {
      response = await inner(input, { ...init, signal: controller.signal });
    } catch (error) {
      finish();
      throw expired ?? error;
    }
    if (!response.body) {
      finish();
      return response;
    }
    const reader = response.body.getReader();
    const armIdle = (): void => {
      clearTimeout(idle);
      idle = setTimeout(() => expire(new ReplyDeadlineError('idle', limits.idleMs)), limits.idleMs);
    };
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        failBody = (error) => {
          try {
            stream.error(error);
          } catch {
            // already closed or errored
          }
        };
        armIdle();
      },
      async pull(stream) {
        try {
          const { done, value } = await reader.read();
          if (expired) return;
          if (done) {
            finish();
            stream.close();
            return;
          }
          armIdle();
          stream.enqueue(value);
        } catch (error) {
          finish();
          if (!expired) stream.error(error);
        }
      },
      cancel(reason) {
        finish();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
