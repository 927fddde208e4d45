/**
 * Turns an `openai` SDK error into a `ProviderError` the core and UIs understand, worded so a person reads
 * the provider, the cause and the fix: out of credit, a daily quota, a wait the provider asked for, a
 * refused content, a rejected key. The errors are stored with the check and exported, so they never carry
 * the base URL's credentials or query (a proxy URL may hold a token there). Each is built from a code and
 * parameters (lib/core/error-notices.ts), which the views word in the interface language.
 */
import OpenAI from 'openai';

import { errorMessage, kindForStatus, ProviderError } from '../core/errors';
import { type FailureFacts, readQuota } from './rate-limits';
import { isRefusalError, refusalNotice } from './refusals';
import { ReplyDeadlineError } from './reply-deadlines';

/** Where the failing server is, and how to name it. */
export interface ErrorContext {
  /** The provider's name from the settings; absent when they give none (the notices then leave it out). */
  provider: string | undefined;
  /** Where the server is, safe to show (`displayUrl`); absent when the configured address cannot be parsed. */
  url: string | undefined;
  /**
   * A server on this machine (Ollama, LM Studio), whose 403 means the server refused our extension's Origin
   * header rather than a bad key.
   */
  isLocalServer: boolean;
}

/**
 * A URL without its user name, password, query and fragment: safe to show, store and export. Undefined when it
 * cannot be parsed: a notice then leaves the address out, and the views word "the configured base URL" instead.
 */
export function displayUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields of the error body (OpenAI's, Google's, Anthropic's envelope, or a bare string). */
function factsOf(error: InstanceType<typeof OpenAI.APIError>, status: number): FailureFacts {
  const body: unknown = error.error;
  const record = isRecord(body) ? body : {};
  const message =
    typeof record.message === 'string'
      ? record.message
      : typeof body === 'string'
        ? body
        : error.message.replace(/^\d{3}\s+/, '');
  return {
    status,
    message,
    type: typeof record.type === 'string' ? record.type : undefined,
    code: typeof record.code === 'string' || typeof record.code === 'number' ? record.code : undefined,
    googleStatus: typeof record.status === 'string' ? record.status : undefined,
    details: Array.isArray(record.details) ? record.details : undefined,
    headers: error.headers,
  };
}

/** Whether the provider has a brand of its own ("Your OpenAI account"), or is a server without one. */
function isBranded(provider: string): boolean {
  return !/custom|compatible|server/i.test(provider);
}

function fromStatus(
  error: InstanceType<typeof OpenAI.APIError>,
  status: number,
  context: ErrorContext,
  details: { provider: string | undefined; url?: string },
): ProviderError {
  const facts = factsOf(error, status);
  const withStatus = { ...details, status };
  const { provider } = context;
  const quota = readQuota(facts, Date.now());
  if (quota?.kind === 'credit')
    return new ProviderError(
      'quota',
      { code: 'out-of-credit', provider, branded: provider !== undefined && isBranded(provider) },
      withStatus,
    );
  if (quota?.kind === 'daily') {
    const wait = quota.waitMs !== undefined ? { retryAfterMs: quota.waitMs } : {};
    const { freeTier } = quota;
    return new ProviderError(
      'quota',
      quota.noQuota
        ? { code: 'no-quota', provider, freeTier }
        : { code: 'daily-limit', provider, freeTier, ...(quota.waitMs !== undefined ? { waitMs: quota.waitMs } : {}) },
      { ...withStatus, ...wait },
    );
  }
  // The request itself is too large: not an exhausted account, so other requests still go.
  if (quota?.kind === 'too-large')
    return new ProviderError(
      'bad-request',
      {
        code: 'request-too-large',
        provider,
        ...(quota.limit !== undefined ? { limit: quota.limit } : {}),
        ...(quota.requested !== undefined ? { requested: quota.requested } : {}),
      },
      withStatus,
    );
  if (quota?.kind === 'rate-limit') {
    const waited = quota.waitMs !== undefined ? { waitMs: quota.waitMs } : {};
    return new ProviderError(
      'rate-limit',
      { code: 'rate-limited', provider, freeTier: quota.freeTier, ...waited },
      { ...withStatus, ...(quota.waitMs !== undefined ? { retryAfterMs: quota.waitMs } : {}) },
    );
  }
  if (isRefusalError(status, facts.code, facts.message))
    return new ProviderError('refused', refusalNotice(provider, 'provider-said', firstLine(facts.message)), withStatus);
  if (status === 403 && context.isLocalServer) {
    return new ProviderError('forbidden-origin', { code: 'origin-refused', provider }, withStatus);
  }
  // A hosted API's 401 is the key itself (OpenAI's "Incorrect API key provided", invalid_api_key): only the
  // person can fix it, in the settings, so the words say so beside the provider's own.
  if (status === 401)
    return new ProviderError('auth', { code: 'key-rejected', provider, detail: firstLine(facts.message) }, withStatus);
  return new ProviderError(
    kindForStatus(status),
    { code: 'http-status', provider, status, detail: firstLine(facts.message) },
    withStatus,
  );
}

/** See the file header. */
export function toProviderError(error: unknown, context: ErrorContext): ProviderError {
  const url = context.url === undefined ? undefined : displayUrl(context.url);
  const details = { provider: context.provider, ...(url === undefined ? {} : { url }) };
  if (error instanceof ProviderError) return error;
  if (error instanceof ReplyDeadlineError) {
    const seconds = Math.round(error.ms / 1000);
    return new ProviderError(
      'timeout',
      { code: error.which === 'idle' ? 'reply-stalled' : 'reply-too-slow', provider: context.provider, seconds },
      details,
    );
  }
  if (error instanceof OpenAI.APIUserAbortError)
    return new ProviderError('cancelled', { code: 'request-cancelled' }, details);
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError('timeout', { code: 'timed-out', provider: context.provider }, details);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new ProviderError(
      'unreachable',
      url === undefined ? { code: 'unreachable' } : { code: 'unreachable', url },
      details,
    );
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number')
    return fromStatus(error, error.status, context, details);
  if (error instanceof SyntaxError) {
    return new ProviderError('malformed', { code: 'not-json', provider: context.provider }, details);
  }
  const message = errorMessage(error);
  return new ProviderError(
    'malformed',
    { code: 'provider-failed', provider: context.provider, detail: firstLine(message) },
    details,
  );
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
