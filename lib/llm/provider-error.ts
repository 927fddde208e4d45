/**
 * Turns an `openai` SDK error into a `ProviderError` the core and UIs understand, worded so a person reads
 * the provider, the cause and the fix: out of credit, a daily quota, a wait the provider asked for, a
 * refused content, a rejected key. The errors are stored with the check and exported, so they never carry
 * the base URL's credentials or query (a proxy URL may hold a token there).
 */
import OpenAI from 'openai';

import { errorMessage, kindForStatus, ProviderError } from '../core/errors';
import { describeWait, type FailureFacts, readQuota } from './rate-limits';
import { isRefusalError, refusalMessage } from './refusals';
import { ReplyDeadlineError } from './reply-deadlines';

/** Where the failing server is, and how to name it. */
export interface ErrorContext {
  provider: string;
  url: string;
  /**
   * A server on this machine (Ollama, LM Studio), whose 403 means the server refused our extension's Origin
   * header rather than a bad key.
   */
  isLocalServer: boolean;
}

/** A URL without its user name, password, query and fragment: safe to show, store and export. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return 'the configured base URL';
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

/** "Your OpenAI account", or for a server without a brand "The account behind this key". */
function account(provider: string): string {
  return /custom|compatible|server/i.test(provider) ? 'The account behind this key' : `Your ${provider} account`;
}

function fromStatus(
  error: InstanceType<typeof OpenAI.APIError>,
  status: number,
  context: ErrorContext,
  details: { provider: string; url: string },
): ProviderError {
  const facts = factsOf(error, status);
  const withStatus = { ...details, status };
  const { provider } = context;
  const quota = readQuota(facts, Date.now());
  if (quota?.kind === 'credit')
    return new ProviderError(
      'quota',
      `${account(provider)} is out of credit (billing): add credit or raise the spending limit, then check again. Waiting will not help.`,
      withStatus,
    );
  if (quota?.kind === 'daily') {
    const wait = quota.waitMs !== undefined ? { retryAfterMs: quota.waitMs } : {};
    const tier = quota.freeTier ? 'free-tier ' : '';
    return new ProviderError(
      'quota',
      quota.noQuota
        ? `${provider} gives this key no ${tier}quota for this model (limit 0): choose another model, or enable billing. Waiting will not help.`
        : `${provider}'s daily ${tier}limit for this key is used up${quota.waitMs !== undefined ? `; it resets in ${describeWait(quota.waitMs)}` : ''}: check again then, or enable billing for a higher limit.`,
      { ...withStatus, ...wait },
    );
  }
  // The request itself is too large: not an exhausted account, so other requests still go.
  if (quota?.kind === 'too-large')
    return new ProviderError(
      'bad-request',
      `This request is larger than ${provider}'s tokens-per-minute limit for this key${quota.detail ? ` (${quota.detail})` : ''}: waiting will not help; check a shorter text, or raise the limit (a higher usage tier).`,
      withStatus,
    );
  if (quota?.kind === 'rate-limit') {
    const why = quota.freeTier ? 'free-tier limit' : 'rate limit';
    return new ProviderError(
      'rate-limit',
      quota.waitMs !== undefined
        ? `${provider} asks to wait ${describeWait(quota.waitMs)} (${why}).`
        : `${provider} is rate-limiting this key (${why}): wait a minute, or check its limits.`,
      { ...withStatus, ...(quota.waitMs !== undefined ? { retryAfterMs: quota.waitMs } : {}) },
    );
  }
  if (isRefusalError(status, facts.code, facts.message))
    return new ProviderError('refused', refusalMessage(provider, firstLine(facts.message)), withStatus);
  if (status === 403 && context.isLocalServer) {
    return new ProviderError('forbidden-origin', `${provider} refused requests from the extension (403).`, withStatus);
  }
  // A hosted API's 401 is the key itself (OpenAI's "Incorrect API key provided", invalid_api_key): only the
  // person can fix it, in the settings, so the words say so beside the provider's own.
  if (status === 401)
    return new ProviderError(
      'auth',
      `${provider} rejected the API key (401: ${firstLine(facts.message)}): check the API key in the settings.`,
      withStatus,
    );
  return new ProviderError(
    kindForStatus(status),
    `${provider} answered ${status}: ${firstLine(facts.message)}`,
    withStatus,
  );
}

/** See the file header. */
export function toProviderError(error: unknown, context: ErrorContext): ProviderError {
  const details = { provider: context.provider, url: displayUrl(context.url) };
  if (error instanceof ProviderError) return error;
  if (error instanceof ReplyDeadlineError) {
    return new ProviderError(
      'timeout',
      error.which === 'idle'
        ? `${context.provider} stopped sending its reply: nothing arrived for ${Math.round(error.ms / 1000)} s. It is asked again; if this keeps happening, the server is overloaded or the connection is unstable.`
        : `${context.provider} took longer than ${Math.round(error.ms / 1000)} s for one reply. It is asked again; if this keeps happening, choose a faster model or a lower reasoning effort.`,
      details,
    );
  }
  if (error instanceof OpenAI.APIUserAbortError)
    return new ProviderError('cancelled', 'The request was cancelled.', details);
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ProviderError('timeout', `${context.provider} did not answer in time.`, details);
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new ProviderError('unreachable', `Could not reach ${details.url}.`, details);
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number')
    return fromStatus(error, error.status, context, details);
  if (error instanceof SyntaxError) {
    return new ProviderError('malformed', `${context.provider} sent a reply that is not valid JSON.`, details);
  }
  const message = errorMessage(error);
  return new ProviderError('malformed', `${context.provider} failed: ${firstLine(message)}`, details);
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
