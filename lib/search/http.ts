/**
 * One JSON request to a search API, with the failure modes every adapter shares turned into
 * `ProviderError`s whose messages name the provider and say what the user can do.
 */
import type { z } from 'zod';

import type { ErrorNotice, SearchHttpReason } from '../core/error-notices';
import { kindForStatus, parseRetryAfter, ProviderError, type ProviderErrorKind } from '../core/errors';
import { hostOf } from '../core/text/hosts';
import { readCapped } from '../extract/read-body';

/** The largest JSON reply read from a search or knowledge provider (theirs are tens of kilobytes). */
export const MAX_JSON_BYTES = 8 * 1024 * 1024;

/** What the adapter knows about a non-2xx answer, for providers whose errors need a special reading. */
export interface HttpFailure {
  status: number;
  body: string;
}

/**
 * A provider's own reading of an HTTP failure: its kind and what it means, as a code the views word
 * (`SearchHttpReason`); fields left out fall back to the generic ones. A `reason` given here stands alone,
 * without the provider's own words after it.
 */
export type ErrorDescriber = (
  failure: HttpFailure,
) => { kind?: ProviderErrorKind; reason?: SearchHttpReason } | undefined;

/** One JSON call to a provider, with what is needed to validate the answer and word its failures. */
export interface JsonRequest<T> {
  /** Provider id, copied to `ProviderError.details.provider`. */
  provider: string;
  /** Human name used in messages, e.g. "Brave Search". */
  label: string;
  /** Whether the provider authenticates with a key (so a 401/403 means the key was rejected). */
  keyed: boolean;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON when present. */
  body?: unknown;
  schema: z.ZodType<T>;
  fetch: typeof fetch;
  timeoutMs: number;
  /** The caller's cancellation; its abort becomes kind 'cancelled'. */
  signal?: AbortSignal;
  describeError?: ErrorDescriber;
}

/**
 * Combines abort signals: `AbortSignal.any` where the runtime has it, else listeners on each input.
 * The combined signal aborts with the reason of whichever input aborted first. Call `dispose` when
 * the request is over so a long-lived input signal does not keep listeners.
 */
export function combineSignals(
  signals: AbortSignal[],
  useNative = typeof AbortSignal.any === 'function',
): { signal: AbortSignal; dispose: () => void } {
  if (useNative) return { signal: AbortSignal.any(signals), dispose: () => {} };
  const controller = new AbortController();
  const listeners: Array<[AbortSignal, () => void]> = [];
  const dispose = () => {
    for (const [source, listener] of listeners) source.removeEventListener('abort', listener);
    listeners.length = 0;
  };
  for (const source of signals) {
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    const listener = () => {
      controller.abort(source.reason);
      dispose();
    };
    source.addEventListener('abort', listener, { once: true });
    listeners.push([source, listener]);
  }
  return { signal: controller.signal, dispose };
}

/** The URL without its query string, so neither keys (`key=`) nor the user's query reach error details. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** The provider's own error text from a JSON error body (`{error: {message}}`, `{message}`, `{detail}`…). */
export function errorDetail(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const error = field(parsed, 'error');
  const candidates = [
    field(error, 'message'),
    field(error, 'info'),
    field(error, 'detail'),
    error,
    field(parsed, 'message'),
    field(parsed, 'detail'),
    field(field(parsed, 'detail'), 'error'),
  ];
  const text = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
  if (!text) return undefined;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

/** What an HTTP error status means for a search source (see `SearchHttpReason`). */
function searchHttpReason(keyed: boolean, kind: ProviderErrorKind): SearchHttpReason {
  switch (kind) {
    case 'auth':
      return keyed ? 'key-rejected' : 'refused';
    case 'rate-limit':
      return 'rate-limited';
    case 'not-found':
      return 'not-found';
    case 'timeout':
      return 'timed-out';
    case 'server':
      return 'server';
    default:
      return 'rejected';
  }
}

function httpError<T>(request: JsonRequest<T>, status: number, body: string, retryAfter: string | null): ProviderError {
  const special = request.describeError?.({ status, body });
  const kind = special?.kind ?? kindForStatus(status);
  const retryAfterMs = parseRetryAfter(retryAfter, Date.now());
  const detail = special?.reason ? undefined : errorDetail(body);
  const message: ErrorNotice = {
    code: 'search-http',
    provider: request.label,
    status,
    reason: special?.reason ?? searchHttpReason(request.keyed, kind),
    ...(kind === 'rate-limit' && retryAfterMs !== undefined ? { retrySeconds: Math.ceil(retryAfterMs / 1000) } : {}),
    ...(detail ? { detail } : {}),
  };
  return new ProviderError(kind, message, {
    provider: request.provider,
    status,
    url: redactUrl(request.url),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

/**
 * Sends the request and returns the body validated by `schema`. Throws `ProviderError`:
 * 'cancelled' (caller's signal), 'timeout' (`timeoutMs` elapsed), 'unreachable' (network failure),
 * a kind from the HTTP status (429 carries `retryAfterMs`), or 'malformed' (not JSON / wrong shape).
 */
export async function requestJson<T>(request: JsonRequest<T>): Promise<T> {
  const { label, provider } = request;
  const url = redactUrl(request.url);
  const cancelled = () =>
    // i18n-exempt: a cancellation: the run stops and says so itself; this message is never shown
    new ProviderError('cancelled', `The ${label} search was cancelled.`, { provider, url });
  if (request.signal?.aborted) throw cancelled();

  const timeout = AbortSignal.timeout(request.timeoutMs);
  const { signal, dispose } = request.signal
    ? combineSignals([request.signal, timeout])
    : { signal: timeout, dispose: () => {} };
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let text: string;
  try {
    response = await request.fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
    // Read up to a cap: a provider (or whatever answers at its address) cannot make us hold a huge body.
    const body = await readCapped(response.body, MAX_JSON_BYTES);
    if (body.truncated) {
      const megabytes = MAX_JSON_BYTES / 1024 / 1024;
      throw new ProviderError(
        'malformed',
        { code: 'search-bad-reply', provider: label, problem: 'too-large', megabytes },
        { provider, status: response.status, url },
      );
    }
    text = new TextDecoder().decode(body.bytes);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (signal.aborted) {
      if (signal.reason === timeout.reason) {
        const seconds = Math.round(request.timeoutMs / 100) / 10;
        throw new ProviderError('timeout', { code: 'search-timed-out', provider: label, seconds }, { provider, url });
      }
      throw cancelled();
    }
    const cause = field(field(error, 'cause'), 'code');
    const host = hostOf(url, { form: 'address' }) ?? request.url;
    throw new ProviderError(
      'unreachable',
      { code: 'search-unreachable', provider: label, host, ...(typeof cause === 'string' ? { cause } : {}) },
      { provider, url },
    );
  } finally {
    dispose();
  }

  if (!response.ok) throw httpError(request, response.status, text, response.headers.get('retry-after'));

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderError(
      'malformed',
      { code: 'search-bad-reply', provider: label, problem: 'not-json' },
      { provider, status: response.status, url },
    );
  }
  const parsed = request.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue && issue.path.length > 0 ? { at: issue.path.join('.') } : {};
    throw new ProviderError(
      'malformed',
      { code: 'search-bad-reply', provider: label, problem: 'unexpected-shape', ...at },
      { provider, status: response.status, url },
    );
  }
  return parsed.data;
}
