/**
 * An `openai` client for any OpenAI-compatible endpoint (OpenAI, OpenRouter, Groq, Gemini, Ollama, LM Studio,
 * vLLM), with what every call needs on top of the SDK: reply deadlines (reply-deadlines.ts), error bodies
 * in the one shape the SDK reads, and the profile's custom headers.
 */
import OpenAI from 'openai';

import { withProfileHeaders } from './profile-headers';
import { DEFAULT_REPLY_DEADLINES, type ReplyDeadlines, withReplyDeadlines } from './reply-deadlines';

export interface OpenAiEndpoint {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  maxRetries?: number;
  fetch?: typeof fetch;
  /** Idle and overall deadlines of each reply (default {@link DEFAULT_REPLY_DEADLINES}). */
  replyDeadlines?: ReplyDeadlines;
  /** Extra headers for requests to `baseUrl`'s origin only (a gateway's token): profile-headers.ts. */
  headers?: Record<string, string>;
}

/**
 * Gemini's OpenAI-compatible endpoint has been seen answering errors as a one-element array,
 * `[{"error":{"code":429,…,"details":[…]}}]` (github.com/n4ze3m/page-assist/issues/406, and for a 400
 * discuss.ai.google.dev/t/117875), and at other times as the object itself
 * (github.com/AtomicBot-ai/atomic-agent/issues/106). The SDK reads only `body.error`, so from an array it
 * would keep nothing but the status; the array is unwrapped before the SDK sees it.
 */
export function withErrorBodiesUnwrapped(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.ok || !response.body) return response;
    const text = await response.text();
    let body = text;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (Array.isArray(parsed) && parsed.length === 1 && typeof parsed[0] === 'object' && parsed[0] !== null)
        body = JSON.stringify(parsed[0]);
    } catch {
      // not JSON: the SDK keeps the text as the message
    }
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * See the file header. Local servers need no key, but the SDK insists on one, so a placeholder is sent;
 * they ignore it.
 */
export function createOpenAiClient(endpoint: OpenAiEndpoint): OpenAI {
  // Called unbound: a browser's fetch refuses to run with another `this`.
  const inner = endpoint.fetch ?? ((input, init) => fetch(input, init));
  return new OpenAI({
    baseURL: endpoint.baseUrl.replace(/\/+$/, ''),
    apiKey: endpoint.apiKey || 'no-key',
    timeout: endpoint.timeoutMs ?? 60_000,
    maxRetries: endpoint.maxRetries ?? 0,
    fetch: withErrorBodiesUnwrapped(
      withReplyDeadlines(
        withProfileHeaders(endpoint.baseUrl, endpoint.headers, inner),
        endpoint.replyDeadlines ?? DEFAULT_REPLY_DEADLINES,
      ),
    ),
    // The key is the user's own, typed into this extension and kept in its background; nothing is
    // shipped. The SDK refuses to run where it sees a DOM (Firefox's event page, tests) without this.
    dangerouslyAllowBrowser: true,
  });
}
