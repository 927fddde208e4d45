/**
 * What a person reads when a provider says no (issue 23, items 1 to 3; issue 24, item 8): each failure is
 * classed by what fixes it and worded with the provider, the cause and the fix. The answers come over HTTP
 * from the loopback server in each provider's strict mode (scripts/lib/servers/provider-rules/), which
 * sends the real services' status codes, bodies and headers.
 */
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';

import { describeWait } from '../../../../lib/core/error-notices';
import { ProviderError } from '../../../../lib/core/errors';
import type { ChatRequest } from '../../../../lib/core/ports';
import { createOpenAiChatModel, type OpenAiChatModelOptions } from '../../../../lib/llm/openai-chat-model';
import { displayUrl, toProviderError } from '../../../../lib/llm/provider-error';
import { parseDuration } from '../../../../lib/llm/rate-limits';
import { type OpenAiServer, startOpenAiServer } from '../../../../scripts/lib/servers/index';
import {
  anthropicRules,
  geminiRules,
  groqRules,
  openAiRules,
  openRouterRules,
  type ProviderRules,
} from '../../../../scripts/lib/servers/provider-rules/index';

const request: ChatRequest = {
  role: 'fast',
  messages: [
    { role: 'system', content: 'Reply in JSON.' },
    { role: 'user', content: 'Is the Great Wall visible from the Moon?' },
  ],
  jsonSchema: {
    name: 'verdict',
    schema: {
      type: 'object',
      properties: { verdict: { type: 'string' } },
      required: ['verdict'],
      additionalProperties: false,
    },
  },
};

let server: OpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function adapterFor(rules: ProviderRules, change: Partial<OpenAiChatModelOptions> & { providerLabel: string }) {
  server = await startOpenAiServer({ provider: rules });
  return createOpenAiChatModel({
    baseUrl: server.baseUrl,
    apiKey: 'sk-test',
    fastModel: rules.models[0]!,
    strongModel: rules.models[1] ?? rules.models[0]!,
    structuredOutput: 'auto',
    ...change,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('out of credit is not a rate limit (item 1)', () => {
  it.each(['insufficient_quota', 'credit_balance_exhausted', 'project_spend_limit_exceeded'] as const)(
    "OpenAI's billing 429 (%s) is a quota failure, not retried, naming billing",
    async (code) => {
      const model = await adapterFor(openAiRules({ outOfCredit: code }), { preset: 'openai', providerLabel: 'OpenAI' });
      const failure = await failureOf(model.complete(request));
      expect(failure).toMatchObject({ kind: 'quota', retryable: false, details: { status: 429 } });
      expect(failure.message).toMatch(/^Your OpenAI account is out of credit \(billing\): add credit/);
    },
  );

  it("OpenRouter's 402 and Anthropic's billing 400 are quota failures too", async () => {
    const openRouter = await adapterFor(openRouterRules({ outOfCredits: true }), {
      preset: 'openrouter',
      providerLabel: 'OpenRouter',
    });
    const first = await failureOf(openRouter.complete(request));
    expect(first).toMatchObject({ kind: 'quota', details: { status: 402 } });
    expect(first.message).toMatch(/^Your OpenRouter account is out of credit \(billing\)/);
    await server!.close();

    const anthropic = await adapterFor(anthropicRules({ outOfCredit: true }), {
      preset: 'anthropic',
      providerLabel: 'Anthropic (Claude)',
    });
    const second = await failureOf(anthropic.complete(request));
    expect(second).toMatchObject({ kind: 'quota', details: { status: 400 } });
    expect(second.message).toMatch(/^Your Anthropic \(Claude\) account is out of credit \(billing\)/);
  });
});

describe('the wait is read from the body (item 2)', () => {
  it("Gemini's free-tier 429 states its wait in RetryInfo and the message: read, named, and kept retryable", async () => {
    const rules = geminiRules({ freeTier: { perWindow: 1, windowMs: 46_000 } });
    const model = await adapterFor(rules, { preset: 'gemini', providerLabel: 'Google Gemini' });
    await model.complete(request);
    const failure = await failureOf(model.complete(request));
    expect(failure).toMatchObject({ kind: 'rate-limit', retryable: true, details: { status: 429 } });
    // No Retry-After header: the 46 s come from the body alone.
    expect(failure.details.retryAfterMs).toBe(46_000);
    expect(failure.message).toBe('Google Gemini asks to wait 46 s (free-tier limit).');
    // The code the views word in the interface language (lib/view/error-words.ts); the message is its English.
    expect(failure.notice).toEqual({ code: 'rate-limited', provider: 'Google Gemini', freeTier: true, waitMs: 46_000 });
  });

  it("Gemini's per-day quota is reported with when it resets, not waited for", async () => {
    const rules = geminiRules({ freeTier: { perWindow: 100, windowMs: 60_000, perDay: 1 } });
    const model = await adapterFor(rules, { preset: 'gemini', providerLabel: 'Google Gemini' });
    await model.complete(request);
    const failure = await failureOf(model.complete(request));
    expect(failure).toMatchObject({ kind: 'quota', retryable: false });
    expect(failure.message).toBe(
      "Google Gemini's daily free-tier limit for this key is used up; it resets in 9 h 54 min: check again then, or enable billing for a higher limit.",
    );
  });

  it("a 429 answered as a one-element array (Gemini's compatibility endpoint) is read all the same", async () => {
    const body = [
      {
        error: {
          code: 429,
          message: 'Resource has been exhausted (e.g. check quota). Please retry in 3.5s.',
          status: 'RESOURCE_EXHAUSTED',
        },
      },
    ];
    const model = createOpenAiChatModel({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      fastModel: 'gemini-3.5-flash-lite',
      strongModel: 'gemini-3.5-flash-lite',
      structuredOutput: 'json_schema',
      providerLabel: 'Google Gemini',
      fetch: async () =>
        new Response(JSON.stringify(body), { status: 429, headers: { 'Content-Type': 'application/json' } }),
    });
    const failure = await failureOf(model.complete(request));
    expect(failure).toMatchObject({ kind: 'rate-limit', details: { retryAfterMs: 3_500 } });
  });

  it("reads the openai SDK's retry-after-ms before retry-after (Azure OpenAI sends it)", async () => {
    const model = createOpenAiChatModel({
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      fastModel: 'gpt-4.1-mini',
      strongModel: 'gpt-4.1-mini',
      structuredOutput: 'json_schema',
      fetch: async () =>
        new Response(JSON.stringify({ error: { message: 'Rate limit reached.', code: 'rate_limit_exceeded' } }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'retry-after-ms': '1250', 'retry-after': '2' },
        }),
    });
    const failure = await failureOf(model.complete(request));
    expect(failure).toMatchObject({ kind: 'rate-limit', details: { retryAfterMs: 1_250 } });
  });

  it('parses the durations providers write', () => {
    expect(parseDuration('46s')).toBe(46_000);
    expect(parseDuration('45.837906927s')).toBe(45_838);
    expect(parseDuration('644ms')).toBe(644);
    expect(parseDuration('1m30.5s')).toBe(90_500);
    expect(parseDuration('10h17m5.723541104s')).toBe(37_025_724);
    expect(parseDuration('soon')).toBeUndefined();
    expect(describeWait(46_000)).toBe('46 s');
    expect(describeWait(125_000)).toBe('2 min 5 s');
    expect(describeWait(35_652_500)).toBe('9 h 54 min');
  });
});

describe('a refused content is not a format problem (item 3)', () => {
  it("OpenAI's content_filter finish is a refusal, reported at once", async () => {
    const model = await adapterFor(openAiRules({ contentFilter: /Great Wall/ }), {
      preset: 'openai',
      providerLabel: 'OpenAI',
    });
    const failure = await failureOf(model.complete(request));
    expect(failure).toMatchObject({ kind: 'refused', retryable: false });
    expect(failure.message).toBe(
      'OpenAI: this model refused the content (content filter). The claim is left unchecked; another model may accept it.',
    );
    // A code, worded in the interface language when shown.
    expect(failure.notice).toEqual({ code: 'model-refused', provider: 'OpenAI', why: 'content-filter' });
    // One request: no fallback down the structured-output chain, no "fix your JSON" turn.
    expect(server!.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
  });

  it('the same when the reply is streamed', async () => {
    const model = await adapterFor(openAiRules({ contentFilter: /Great Wall/ }), {
      preset: 'openai',
      providerLabel: 'OpenAI',
    });
    const failure = await failureOf(model.stream!(request, () => undefined));
    expect(failure).toMatchObject({ kind: 'refused' });
  });

  it("OpenRouter's normalised content_filter with the native SAFETY reason is a refusal", async () => {
    const model = await adapterFor(openRouterRules({ contentFilter: /Great Wall/ }), {
      preset: 'openrouter',
      providerLabel: 'OpenRouter',
    });
    const failure = await failureOf(model.complete(request));
    expect(failure).toMatchObject({ kind: 'refused' });
    expect(failure.message).toMatch(/^OpenRouter: this model refused the content \(content filter\)/);
  });
});

describe('each failure carries its code, worded in the interface language when shown (issue 25)', () => {
  it("a 401 for a wrong key: the code names the provider and keeps the provider's own words", async () => {
    server = await startOpenAiServer({ apiKey: 'sk-right' });
    const model = createOpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: 'sk-wrong',
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
      structuredOutput: 'json_schema',
      providerLabel: 'OpenAI',
    });
    const failure = await failureOf(model.complete(request));
    expect(failure).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect(failure.notice).toEqual({ code: 'key-rejected', provider: 'OpenAI', detail: 'Incorrect API key provided' });
    expect(failure.message).toBe(
      'OpenAI rejected the API key (401: Incorrect API key provided): check the API key in the settings.',
    );
  });

  it("Groq's 413 for a request over the tokens-per-minute limit: a code with both figures, not retried", async () => {
    const model = await adapterFor(groqRules(undefined, { tokensPerMinute: 100 }), {
      preset: 'groq',
      providerLabel: 'Groq',
      fastModel: 'llama-3.1-8b-instant',
    });
    const failure = await failureOf(model.complete({ ...request, maxTokens: 500 }));
    expect(failure).toMatchObject({ kind: 'bad-request', retryable: false, details: { status: 413 } });
    expect(failure.notice).toMatchObject({ code: 'request-too-large', provider: 'Groq', limit: 100 });
    const { requested } = failure.notice as { requested: number };
    expect(requested).toBeGreaterThan(500);
    expect(failure.message).toBe(
      `This request is larger than Groq's tokens-per-minute limit for this key (limit 100, this request ${requested.toLocaleString('en-US')}): waiting will not help; check a shorter text, or raise the limit (a higher usage tier).`,
    );
  });

  it('a missing model (404) keeps the status and what the server said', async () => {
    server = await startOpenAiServer({ strictModels: true });
    const model = createOpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: 'k',
      fastModel: 'no-such-model',
      strongModel: 'no-such-model',
      structuredOutput: 'json_schema',
      providerLabel: 'Ollama',
    });
    const failure = await failureOf(model.complete(request));
    expect(failure.notice).toMatchObject({ code: 'http-status', provider: 'Ollama', status: 404 });
    expect(failure.message).toBe(`Ollama answered 404: ${(failure.notice as { detail: string }).detail}`);
  });

  it("OpenAI's 503 for an overloaded model: a server failure, retryable, with the status and OpenAI's words", async () => {
    const model = await adapterFor(openAiRules({ overloaded: () => true }), {
      preset: 'openai',
      providerLabel: 'OpenAI',
    });
    const failure = await failureOf(model.complete(request));
    expect(failure).toMatchObject({ kind: 'server', retryable: true, details: { status: 503 } });
    expect(failure.notice).toMatchObject({ code: 'http-status', provider: 'OpenAI', status: 503 });
    expect((failure.notice as { detail: string }).detail).toMatch(/^That model is currently overloaded/);
    // One request: an overload is not a format problem, so the structured-output chain is not walked down.
    expect(server!.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
  });
});

describe('errors keep the base URL free of secrets (issue 24, item 8)', () => {
  it('an unreachable server is named without the URL’s credentials, query or fragment', async () => {
    const model = createOpenAiChatModel({
      baseUrl: 'http://alice:hunter2@127.0.0.1:9/v1?token=abc123#frag',
      apiKey: 'k',
      fastModel: 'm',
      strongModel: 'm',
      structuredOutput: 'json_schema',
      providerLabel: 'Proxy',
      timeoutMs: 2_000,
    });
    const failure = await failureOf(model.complete(request));
    expect(failure.kind).toBe('unreachable');
    const stored = JSON.stringify({ message: failure.message, details: failure.details });
    expect(stored).not.toMatch(/alice|hunter2|abc123|token|frag/);
    expect(failure.message).toBe('Could not reach http://127.0.0.1:9/v1.');
    expect(failure.notice).toEqual({ code: 'unreachable', url: 'http://127.0.0.1:9/v1' });
  });

  it('displayUrl drops user, password, query and fragment', () => {
    expect(displayUrl('https://u:p@example.com/v1/?key=x#y')).toBe('https://example.com/v1');
    // No address to show: the notice leaves it out and the views word "the configured base URL".
    expect(displayUrl('not a url')).toBeUndefined();
  });

  it('a server the settings give no name: a notice without one, the English as before', () => {
    const failure = toProviderError(new OpenAI.APIConnectionTimeoutError(), {
      provider: undefined,
      url: 'http://127.0.0.1:9/v1',
      isLocalServer: false,
    });
    expect(failure.kind).toBe('timeout');
    expect(failure.notice).toEqual({ code: 'timed-out' });
    expect(failure.message).toBe('The model server did not answer in time.');
  });

  it('an unreachable server at an address that cannot be parsed: a notice without one, the English as before', () => {
    const failure = toProviderError(new OpenAI.APIConnectionError({ message: 'Connection error.' }), {
      provider: 'Proxy',
      url: 'not a url',
      isLocalServer: false,
    });
    expect(failure.kind).toBe('unreachable');
    expect(failure.notice).toEqual({ code: 'unreachable' });
    expect(failure.message).toBe('Could not reach the configured base URL.');
    expect(failure.details.url).toBeUndefined();
  });
});
