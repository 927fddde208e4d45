import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { englishError } from '../../../../lib/core/error-notices';
import { ProviderError } from '../../../../lib/core/errors';
import type { ChatRequest, JsonSchemaSpec } from '../../../../lib/core/ports';
import { ollamaContextWindow } from '../../../../lib/llm/ollama-context';
import {
  createOpenAiChatModel,
  createOpenAiEmbedder,
  type OpenAiChatModelOptions,
} from '../../../../lib/llm/openai-chat-model';
import {
  countTokens,
  embedText,
  type OpenAiServer,
  type RecordedRequest,
  startOpenAiServer,
} from '../../../../scripts/lib/servers/index';

const KEY = 'sk-unit';
const spec: JsonSchemaSpec = {
  name: 'verdict',
  schema: {
    type: 'object',
    properties: { verdict: { type: 'string', enum: ['supported', 'refuted'] } },
    required: ['verdict'],
    additionalProperties: false,
  },
};
const structured: ChatRequest = {
  role: 'strong',
  messages: [
    { role: 'system', content: 'You judge claims.' },
    { role: 'user', content: 'Is water wet?' },
  ],
  jsonSchema: spec,
};

type Body = Record<string, unknown> & {
  messages: { role: string; content: string }[];
  response_format?: Record<string, unknown>;
};

function bodyOf(request: RecordedRequest | undefined): Body {
  return request?.body as Body;
}

/** Whether a fetch init carries a json_schema response_format. */
function asksJsonSchema(init: RequestInit | undefined): boolean {
  return typeof init?.body === 'string' && (JSON.parse(init.body) as Body).response_format?.type === 'json_schema';
}

describe('createOpenAiChatModel against the loopback OpenAI-compatible server', () => {
  let server: OpenAiServer;
  const chatRequests = () => server.requests.filter((request) => request.path === '/v1/chat/completions');
  const model = (change: Partial<OpenAiChatModelOptions> = {}) =>
    createOpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: KEY,
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
      structuredOutput: 'json_schema',
      ...change,
    });

  beforeAll(async () => {
    server = await startOpenAiServer({ apiKey: KEY, strictModels: true });
  });
  afterEach(() => {
    server.faults.clear();
    server.respondWith(null);
  });
  afterAll(() => server.close());

  it('sends json_schema structured output (strict, named) to the model of the role, and maps usage', async () => {
    server.respondWith(() => ({ verdict: 'supported' }));
    const response = await model().complete({ ...structured, maxTokens: 200, temperature: 0 });
    const body = bodyOf(chatRequests().at(-1));
    expect(body).toMatchObject({
      model: 'fake-strong',
      max_tokens: 200,
      temperature: 0,
      messages: structured.messages,
    });
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'verdict', strict: true, schema: spec.schema },
    });
    expect(response.text).toBe('{"verdict":"supported"}');
    expect(response.model).toBe('fake-strong');
    const prompt = structured.messages.map((m) => m.content).join('\n');
    expect(response.usage).toEqual({ promptTokens: countTokens(prompt), completionTokens: countTokens(response.text) });
  });

  it('sends no response_format for plain requests, and the fast model for the fast role', async () => {
    const response = await model().complete({ role: 'fast', messages: [{ role: 'user', content: 'Say OK.' }] });
    const body = bodyOf(chatRequests().at(-1));
    expect(body.model).toBe('fake-fast');
    expect(body).not.toHaveProperty('response_format');
    expect(response.text).toBe('OK');
  });

  it('sanitises schema names to what OpenAI accepts', async () => {
    await model().complete({ ...structured, jsonSchema: { ...spec, name: 'claim verdict/v2' } });
    expect(bodyOf(chatRequests().at(-1)).response_format).toMatchObject({ json_schema: { name: 'claim_verdict_v2' } });
  });

  it('json_object mode puts the schema into the system message', async () => {
    server.respondWith(() => ({ verdict: 'refuted' }));
    const response = await model({ structuredOutput: 'json_object' }).complete(structured);
    const body = bodyOf(chatRequests().at(-1));
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0]).toEqual({
      role: 'system',
      content: `You judge claims.\n\nReply with only a JSON object (no other text) that follows this JSON Schema, named "verdict":\n${JSON.stringify(spec.schema)}`,
    });
    expect(body.messages[1]).toEqual(structured.messages[1]);
    expect(JSON.parse(response.text)).toEqual({ verdict: 'refuted' });

    await model({ structuredOutput: 'json_object' }).complete({
      ...structured,
      messages: [{ role: 'user', content: 'Is water wet?' }],
    });
    const second = bodyOf(chatRequests().at(-1)).messages;
    expect(second.map((m) => m.role)).toEqual(['system', 'user']);
    expect(second[0]?.content).toMatch(
      /^Reply with only a JSON object \(no other text\) that follows this JSON Schema, named "verdict":/,
    );
  });

  describe('auto mode on a server without json_schema support', () => {
    const rejected: string[] = [];
    // Like older vLLM / LM Studio builds: structured outputs refused with a 400 naming response_format.
    const noJsonSchema: typeof fetch = async (input, init) => {
      if (asksJsonSchema(init)) {
        rejected.push((JSON.parse(init!.body as string) as Body).model as string);
        const error = {
          error: {
            message: 'response_format json_schema is not supported',
            type: 'invalid_request_error',
            param: null,
            code: null,
          },
        };
        return new Response(JSON.stringify(error), { status: 400, headers: { 'Content-Type': 'application/json' } });
      }
      return fetch(input, init);
    };

    it('falls back to json_object once per model and remembers it for the session', async () => {
      const auto = model({ structuredOutput: 'auto', fetch: noJsonSchema });
      server.respondWith(() => ({ verdict: 'supported' }));
      const before = chatRequests().length;
      expect((await auto.complete(structured)).text).toBe('{"verdict":"supported"}');
      expect(rejected).toEqual(['fake-strong']);
      expect(bodyOf(chatRequests().at(-1)).response_format).toEqual({ type: 'json_object' });

      await auto.complete(structured);
      expect(rejected).toEqual(['fake-strong']); // not asked with json_schema again
      await auto.complete({ ...structured, role: 'fast' });
      expect(rejected).toEqual(['fake-strong', 'fake-fast']); // the other model is tried on its own
      expect(chatRequests().length - before).toBe(3);
    });

    it('does not fall back in json_schema mode: the 400 is a bad-request error', async () => {
      const error = await model({ fetch: noJsonSchema })
        .complete(structured)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'ProviderError', kind: 'bad-request', details: { status: 400 } });
      expect((error as Error).message).toContain('response_format json_schema is not supported');
    });

    it('does not fall back for other 400s', async () => {
      const otherBadRequest: typeof fetch = async () =>
        new Response(JSON.stringify({ error: { message: 'max_tokens is too large', type: 'invalid_request_error' } }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        });
      await expect(
        model({ structuredOutput: 'auto', fetch: otherBadRequest }).complete(structured),
      ).rejects.toMatchObject({ kind: 'bad-request' });
    });
  });

  it('within a known context window, asks for no more reply tokens than the fitted prompt left', async () => {
    server.respondWith(() => ({ verdict: 'supported' }));
    // 1,000 tokens of prompt in a 4,096 window: the reply may use 3,096, however large the limit asked for.
    const contextWindow = {
      tokensFor: async () => 4_096,
      measure: () => 1_000,
      notice: (tokens: number) => ({ code: 'ollama-context-shortened' as const, tokens }),
      tooLong: (tokens: number) => ({ code: 'context-too-long' as const, tokens }),
    };
    await model({ contextWindow }).complete({ ...structured, maxTokens: 8_000 });
    expect(bodyOf(chatRequests().at(-1)).max_tokens).toBe(3_096);
    await model({ contextWindow }).complete({ ...structured, maxTokens: 500 });
    expect(bodyOf(chatRequests().at(-1)).max_tokens).toBe(500);
    // No limit asked for: Ollama would generate until its context shifts, so the room is the limit.
    await model({ contextWindow }).complete(structured);
    expect(bodyOf(chatRequests().at(-1)).max_tokens).toBe(3_096);
  });

  it("throws a prompt that cannot fit Ollama's window as a code with its size, its English as the message", async () => {
    // Ollama's window, with a prompt that never fits however much is trimmed.
    const contextWindow = { ...ollamaContextWindow(server.baseUrl, undefined), tokensFor: async () => 4_096 };
    contextWindow.measure = () => 9_000;
    const sent = chatRequests().length;
    const error = await model({ contextWindow })
      .complete(structured)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'bad-request', notice: { code: 'context-too-long', tokens: 4_096 } });
    expect((error as ProviderError).message).toBe(englishError({ code: 'context-too-long', tokens: 4_096 }));
    // Nothing was sent: the server would have cut the prompt silently.
    expect(chatRequests().length).toBe(sent);
  });

  it('reports zero usage when the server sends none', async () => {
    const noUsage: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const json = (await response.json()) as Record<string, unknown>;
      delete json.usage;
      return new Response(JSON.stringify(json), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    expect((await model({ fetch: noUsage }).complete(structured)).usage).toEqual({
      promptTokens: 0,
      completionTokens: 0,
    });
  });

  it('maps failures to ProviderErrors', async () => {
    await expect(model({ apiKey: 'sk-wrong' }).complete(structured)).rejects.toMatchObject({ kind: 'auth' });
    await expect(model({ strongModel: 'gpt-typo' }).complete(structured)).rejects.toMatchObject({ kind: 'not-found' });
    server.faults.next({ kind: 'rate-limit', retryAfterSeconds: 2 });
    await expect(model().complete(structured)).rejects.toMatchObject({
      kind: 'rate-limit',
      details: { retryAfterMs: 2_000 },
    });
    server.faults.next({ kind: 'server-error' });
    await expect(model().complete(structured)).rejects.toMatchObject({ kind: 'server' });
    server.faults.next({ kind: 'malformed' });
    await expect(model().complete(structured)).rejects.toMatchObject({ kind: 'malformed' });
    server.faults.next({ kind: 'hang' });
    await expect(model({ timeoutMs: 200 }).complete(structured)).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('passes the abort signal through', async () => {
    server.faults.next({ kind: 'hang' });
    const controller = new AbortController();
    const before = chatRequests().length;
    const call = model().complete({ ...structured, signal: controller.signal });
    await server.waitForRequests(before + 1, '/v1/chat/completions');
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('createOpenAiEmbedder', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer({ embeddingDimensions: 16 });
  });
  afterAll(() => server.close());

  it('embeds texts in order through POST /embeddings', async () => {
    const embedder = createOpenAiEmbedder({ baseUrl: server.baseUrl, apiKey: '', model: 'fake-embed' })!;
    const vectors = await embedder.embed(['alpha beta', 'gamma']);
    expect(vectors).toHaveLength(2);
    vectors.forEach((vector, index) => {
      expect(Array.isArray(vector)).toBe(true);
      const expected = embedText(['alpha beta', 'gamma'][index]!, 16);
      vector.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 5));
    });
    expect(server.requests.at(-1)).toMatchObject({
      path: '/v1/embeddings',
      body: { model: 'fake-embed', input: ['alpha beta', 'gamma'] },
    });
    expect(await embedder.embed([])).toEqual([]);
    expect(embedder.unavailable).toBe(false);
  });

  it('is undefined without an embedding model', () => {
    expect(createOpenAiEmbedder({ baseUrl: server.baseUrl, apiKey: '', model: '' })).toBeUndefined();
    expect(createOpenAiEmbedder({ baseUrl: server.baseUrl, apiKey: '', model: undefined })).toBeUndefined();
  });

  it('remembers a 404 and does not ask again', async () => {
    let asked = 0;
    const noEmbeddings: typeof fetch = async () => {
      asked += 1;
      return new Response(
        JSON.stringify({ error: { message: 'Invalid URL (POST /v1/embeddings)', type: 'invalid_request_error' } }),
        { status: 404, headers: { 'Content-Type': 'application/json' } },
      );
    };
    const embedder = createOpenAiEmbedder({
      baseUrl: server.baseUrl,
      apiKey: '',
      model: 'fake-embed',
      fetch: noEmbeddings,
    })!;
    await expect(embedder.embed(['a'])).rejects.toMatchObject({ kind: 'not-found' });
    expect(embedder.unavailable).toBe(true);
    await expect(embedder.embed(['b'])).rejects.toMatchObject({ kind: 'not-found' });
    expect(asked).toBe(1);
  });

  it('remembers any refusal waiting cannot fix: 400, 401, 403, 405, 418 (providers without embeddings)', async () => {
    for (const status of [400, 401, 403, 405, 418]) {
      let asked = 0;
      const refuses: typeof fetch = async () => {
        asked += 1;
        return new Response(JSON.stringify({ error: { message: 'Unknown request URL', code: 'unknown_url' } }), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
      };
      const embedder = createOpenAiEmbedder({ baseUrl: server.baseUrl, apiKey: '', model: 'e', fetch: refuses })!;
      // A refused key says so (the person can fix it); anything else is "no embeddings here". (A 403 from a
      // server on this machine, as here, is its Origin check, not the key: no embeddings for us either.)
      const kind = status === 401 ? 'auth' : 'not-found';
      await expect(embedder.embed(['a'])).rejects.toMatchObject({ kind, details: { status } });
      expect(embedder.unavailable, `${status}`).toBe(true);
      await expect(embedder.embed(['b'])).rejects.toMatchObject({ kind });
      expect(asked).toBe(1);
    }
  });

  it.each([501, 500])(
    "remembers Ollama's %i for a model without embeddings, and does not ask again",
    async (status) => {
      let asked = 0;
      // Ollama's OpenAI-compatible /v1/embeddings for a chat model: 501 since ollama/ollama#9742, 500 before
      // in the compatibility layer's error shape.
      const ollama: typeof fetch = async () => {
        asked += 1;
        return new Response(
          JSON.stringify({
            error: { message: 'this model does not support embeddings', type: 'api_error', param: null, code: null },
          }),
          { status, headers: { 'Content-Type': 'application/json' } },
        );
      };
      const embedder = createOpenAiEmbedder({ baseUrl: server.baseUrl, apiKey: '', model: 'llama3.2', fetch: ollama })!;
      await expect(embedder.embed(['a'])).rejects.toMatchObject({ kind: 'not-found', details: { status } });
      expect(embedder.unavailable).toBe(true);
      await expect(embedder.embed(['b'])).rejects.toMatchObject({ kind: 'not-found' });
      expect(asked).toBe(1);
    },
  );

  it('does not mark the embedder unavailable on other failures', async () => {
    server.faults.next({ kind: 'server-error' });
    const embedder = createOpenAiEmbedder({ baseUrl: server.baseUrl, apiKey: '', model: 'fake-embed' })!;
    await expect(embedder.embed(['a'])).rejects.toMatchObject({ kind: 'server' });
    expect(embedder.unavailable).toBe(false);
    expect(await embedder.embed(['a'])).toHaveLength(1);
  });
});
