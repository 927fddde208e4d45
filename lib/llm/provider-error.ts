import OpenAI from 'openai';

import { errorMessage, kindForStatus, parseRetryAfter, ProviderError } from '../core/errors';
import { ReplyDeadlineError } from './reply-deadlines';

/**
 * Turns an `openai` SDK error into a `ProviderError` the core and UIs understand.
 * `isLocalServer` marks a server on this machine (Ollama, LM Studio), whose 403 means the server
 * refused our extension's Origin header rather than a bad key.
 */
export function toProviderError(
  error: unknown,
  context: { provider: string; url: string; isLocalServer: boolean },
): ProviderError {
  const details = { provider: context.provider, url: context.url };
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
    return new ProviderError('unreachable', `Could not reach ${context.url}.`, details);
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const status = error.status;
    const retryAfterMs = parseRetryAfter(error.headers?.get('retry-after'), Date.now());
    const withStatus = { ...details, status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    if (status === 403 && context.isLocalServer) {
      return new ProviderError(
        'forbidden-origin',
        `${context.provider} refused requests from the extension (403).`,
        withStatus,
      );
    }
    const serverText = firstLine(error.message);
    return new ProviderError(
      kindForStatus(status),
      `${context.provider} answered ${status}: ${serverText}`,
      withStatus,
    );
  }
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
