import OpenAI from 'openai';

export interface OpenAiEndpoint {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  maxRetries?: number;
  fetch?: typeof fetch;
  /** Extra headers for every request (a gateway's token); the client only ever talks to `baseUrl`. */
  headers?: Record<string, string>;
}

/**
 * An `openai` client for any OpenAI-compatible endpoint (OpenAI, OpenRouter, Groq, Ollama, LM Studio, vLLM).
 * Local servers need no key, but the SDK insists on one, so a placeholder is sent; they ignore it.
 */
export function createOpenAiClient(endpoint: OpenAiEndpoint): OpenAI {
  return new OpenAI({
    baseURL: endpoint.baseUrl.replace(/\/+$/, ''),
    apiKey: endpoint.apiKey || 'no-key',
    timeout: endpoint.timeoutMs ?? 60_000,
    maxRetries: endpoint.maxRetries ?? 0,
    ...(endpoint.fetch ? { fetch: endpoint.fetch } : {}),
    ...(endpoint.headers ? { defaultHeaders: endpoint.headers } : {}),
    // The key is the user's own, typed into this extension and kept in its background; nothing is
    // shipped. The SDK refuses to run where it sees a DOM (Firefox's event page, tests) without this.
    dangerouslyAllowBrowser: true,
  });
}
