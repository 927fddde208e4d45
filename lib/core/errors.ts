/**
 * Failures: the typed errors of remote services, and how anything thrown reads as a message. The kind
 * decides what the user is told and whether a retry can help; a failed call never turns into a "false"
 * verdict, only into "could not check". An error built from an `ErrorNotice` keeps it, so the views can word
 * it in the interface language; its message is the notice's English.
 */
import { englishError, type ErrorNotice } from './error-notices';

/** What went wrong with a remote service, in terms a user can act on. */
export type ProviderErrorKind =
  | 'auth' // the key was rejected (401/403 from a hosted API)
  | 'forbidden-origin' // the server refused our Origin header (Ollama without OLLAMA_ORIGINS)
  | 'rate-limit' // 429; retryAfterMs tells when to come back
  | 'quota' // out of credit, a spending limit, or a daily quota: waiting the usual delays will not fix it
  | 'refused' // the provider or model refused the content (a content filter, moderation)
  | 'unreachable' // DNS, refused connection, TLS, or blocked by policy
  | 'timeout'
  | 'not-found' // wrong base URL or model name
  | 'server' // 5xx
  | 'bad-request' // 4xx other than the above
  | 'malformed' // the body was not what the protocol promises
  | 'cancelled';

/**
 * Why a page fetch failed, when the kind alone does not say it: the link audit tells a redirect loop from
 * a refused connection, and a PDF from a server error. Optional: other adapters leave it out.
 */
export type FetchFailureReason =
  | 'not-text' // a PDF, image or other binary file
  | 'redirect-loop'
  | 'too-many-redirects'
  | 'private-address' // refused by the private-network policy
  | 'unreachable-or-private' // a browser's network error: the connection failed, or its guard refused a private hop
  | 'dns' // the host name does not resolve
  | 'invalid-url'; // not an http(s) address

/** What a `ProviderError` knows beyond its kind and message. */
export interface ProviderErrorDetails {
  provider?: string;
  status?: number;
  retryAfterMs?: number;
  url?: string;
  reason?: FetchFailureReason;
  /** The media type of a refused non-text page, e.g. `application/pdf`. */
  contentType?: string;
}

/**
 * An error a person is told about, built from English words or from a notice (kept as `notice`, its English the
 * message): a `ProviderError`, and the setup problems found when a run starts (lib/runtime).
 */
export class NoticeError extends Error {
  override readonly name: string = 'NoticeError';
  /** The error as a code and parameters, when it was built from one (see the file overview). */
  readonly notice: ErrorNotice | undefined;

  /** `message`: English words, or a notice whose English becomes the message. */
  constructor(message: string | ErrorNotice) {
    super(typeof message === 'string' ? message : englishError(message));
    this.notice = typeof message === 'string' ? undefined : message;
  }
}

export class ProviderError extends NoticeError {
  override readonly name = 'ProviderError';

  /** `message`: English words, or a notice whose English becomes the message. */
  constructor(
    readonly kind: ProviderErrorKind,
    message: string | ErrorNotice,
    readonly details: ProviderErrorDetails = {},
  ) {
    super(message);
  }

  /**
   * Whether trying the same request again later may succeed. A `quota` (out of credit, a daily quota) and a
   * `refused` content are not: repeating them only burns requests.
   */
  get retryable(): boolean {
    return this.kind === 'rate-limit' || this.kind === 'timeout' || this.kind === 'server' || this.kind === 'malformed';
  }
}

/** Maps an HTTP status to the error kind a user can act on. */
export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/** Parses a Retry-After header (seconds or HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * What went wrong, in words: an Error's message, or the thrown value as text when something else was
 * thrown or rejected (a string, a number, an object).
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The code of what went wrong, when `error` is a `NoticeError` (a `ProviderError`…) that has one. */
export function errorNotice(error: unknown): ErrorNotice | undefined {
  return error instanceof NoticeError ? error.notice : undefined;
}

/** Whether `error` is a cancellation (the person cancelled, or the run was aborted), not a failure to report. */
export function isCancellation(error: unknown): boolean {
  return error instanceof ProviderError && error.kind === 'cancelled';
}
