import OpenAI, { type APIError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  cosineSimilarity,
  type OpenAiServer,
  type OpenAiServerOptions,
  startOpenAiServer,
} from '../../../../../scripts/lib/servers';

let server: OpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: OpenAiServerOptions = {}): Promise<{ server: OpenAiServer; client: OpenAI }> {
  server = await startOpenAiServer(options);
  const client = new OpenAI({ baseURL: server.baseUrl, apiKey: options.apiKey ?? 'sk-test', maxRetries: 0 });
  return { server, client };
}

/** A structured-output schema with the features real prompts use: $defs + $ref, enum, arrays, anyOf, const, bounds. */
const verdictSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    verdict: { type: 'string', enum: ['supported', 'refuted', 'unclear'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    claims: { type: 'array', items: { $ref: '#/$defs/Claim' }, minItems: 1 },
    primary: { $ref: '#/$defs/Claim' },
    note: { anyOf: [{ type: 'null' }, { type: 'string' }] },
    kind: { const: 'fact-check' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['verdict', 'confidence', 'claims', 'primary', 'note', 'kind', 'tags'],
  $defs: {
    Claim: {
      type: 'object',
      additionalProperties: false,
      properties: {
        text: { type: 'string' },
        checkable: { type: 'boolean' },
        sources: { type: 'array', items: { type: 'string', format: 'uri' } },
        rank: { type: 'integer', minimum: 1 },
      },
      required: ['text', 'checkable', 'sources', 'rank'],
    },
  },
};

const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
  { role: 'system', content: 'You check facts.' },
  { role: 'user', content: 'Is the sky green?' },
];

describe('openai server: chat completions', () => {
  it('answers json_schema requests with an instance that validates against the schema', async () => {
    const { client } = await start();
    const completion = await client.chat.completions.create({
      model: 'fake-fast',
      messages,
      response_format: { type: 'json_schema', json_schema: { name: 'verdict', strict: true, schema: verdictSchema } },
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('fake-fast');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.choices[0]?.message.role).toBe('assistant');
    const parsed: unknown = JSON.parse(completion.choices[0]?.message.content ?? 'null');
    const claim = { text: '', checkable: false, sources: [], rank: 1 };
    expect(parsed).toEqual({
      verdict: 'supported',
      confidence: 0,
      claims: [claim],
      primary: claim,
      note: null,
      kind: 'fact-check',
      tags: [],
    });
    // An independent validator (zod's JSON Schema import) agrees that it is valid.
    expect(z.fromJSONSchema(verdictSchema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(parsed).success).toBe(
      true,
    );
  });

  it('works with the SDK parse() helper and zod schemas with shared definitions', async () => {
    const { server: s, client } = await start();
    const Source = z.object({ url: z.string(), stance: z.enum(['supports', 'refutes']) });
    const Verdict = z.object({
      label: z.enum(['true', 'false', 'mixed']),
      sources: z.array(Source),
      main: Source,
      score: z.number(),
    });
    const completion = await client.chat.completions.parse({
      model: 'fake-strong',
      messages,
      response_format: zodResponseFormat(Verdict, 'verdict', { schemaDefinitions: { Source } }),
    });
    const sent = s.requests.at(-1)?.body;
    expect(JSON.stringify(sent)).toContain('"$ref":"#/definitions/Source"');
    expect(completion.choices[0]?.message.parsed).toEqual({
      label: 'true',
      sources: [],
      main: { url: '', stance: 'supports' },
      score: 0,
    });
  });

  it('returns a scripted responder’s content and gives it the request, headers and user text', async () => {
    const { server: s, client } = await start();
    s.respondWith((request) => ({
      verdict: 'refuted',
      echo: request.userText,
      model: request.model,
      auth: request.headers.authorization,
    }));
    const completion = await client.chat.completions.create({
      model: 'fake-fast',
      messages,
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(completion.choices[0]?.message.content ?? '')).toEqual({
      verdict: 'refuted',
      echo: 'Is the sky green?',
      model: 'fake-fast',
      auth: 'Bearer sk-test',
    });
    s.respondWith(async () => 'plain text, not JSON');
    const text = await client.chat.completions.create({ model: 'fake-fast', messages });
    expect(text.choices[0]?.message.content).toBe('plain text, not JSON');
    s.respondWith(null);
    const fallback = await client.chat.completions.create({ model: 'fake-fast', messages });
    expect(fallback.choices[0]?.message.content).toBe('OK');
  });

  it('counts tokens deterministically (~4 characters each, at least 1)', async () => {
    const { client } = await start();
    const completion = await client.chat.completions.create({
      model: 'fake-fast',
      messages: [{ role: 'user', content: 'Hello there' }],
    });
    expect(completion.usage).toEqual({ prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 });
  });

  it('stops at max_completion_tokens with finish_reason "length"', async () => {
    const { server: s, client } = await start();
    s.respondWith(() => 'x'.repeat(100));
    const completion = await client.chat.completions.create({ model: 'fake-fast', messages, max_completion_tokens: 5 });
    expect(completion.choices[0]?.message.content).toBe('x'.repeat(20));
    expect(completion.choices[0]?.finish_reason).toBe('length');
  });

  it('streams SSE chunks that the SDK reassembles, with a usage chunk when asked', async () => {
    const { server: s, client } = await start();
    s.respondWith(() => 'The quick brown fox jumps.');
    const stream = await client.chat.completions.create({
      model: 'fake-fast',
      messages: [{ role: 'user', content: 'Tell me about foxes' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    const finishReasons: string[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      expect(chunk.object).toBe('chat.completion.chunk');
      for (const choice of chunk.choices) {
        text += choice.delta.content ?? '';
        if (choice.finish_reason) finishReasons.push(choice.finish_reason);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('The quick brown fox jumps.');
    expect(chunks).toBeGreaterThan(5);
    expect(finishReasons).toEqual(['stop']);
    expect(usage).toEqual({ prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 });
  });

  it('ends the raw SSE body with data: [DONE] and sends no usage chunk unless asked', async () => {
    const { server: s } = await start();
    const response = await fetch(`${s.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'fake-fast', messages, stream: true }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(events.every((e) => e.startsWith('data: '))).toBe(true);
    expect(events.some((e) => e.includes('"usage"'))).toBe(false);
  });

  it('rejects unknown models with 404 model_not_found when strictModels is on', async () => {
    const { client } = await start({ strictModels: true });
    const error = await client.chat.completions.create({ model: 'gpt-nope', messages }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as APIError).code).toBe('model_not_found');
    expect((error as APIError).message).toContain('The model `gpt-nope` does not exist');
  });

  it('answers 400 for a request without messages, like OpenAI', async () => {
    const { server: s } = await start();
    const response = await fetch(`${s.baseUrl}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'fake-fast' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'missing_required_parameter', param: 'messages' } });
  });
});

describe('openai server: models and embeddings', () => {
  it('lists the configured models', async () => {
    const { client } = await start({ models: ['m-one', 'm-two', 'm-three'] });
    const ids: string[] = [];
    for await (const model of client.models.list()) {
      expect(model.object).toBe('model');
      ids.push(model.id);
    }
    expect(ids).toEqual(['m-one', 'm-two', 'm-three']);
    await expect(client.models.retrieve('m-two')).resolves.toMatchObject({ id: 'm-two' });
    await expect(client.models.retrieve('nope')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('returns deterministic embeddings where similar texts are closer', async () => {
    const { client } = await start({ embeddingDimensions: 32 });
    const input = [
      'The cat sat on the mat',
      'The cat sat on the mat',
      'A cat sat on a mat',
      'Quantum chromodynamics on a lattice',
    ];
    const result = await client.embeddings.create({ model: 'fake-embed', input });
    expect(result.object).toBe('list');
    expect(result.data.map((d) => d.index)).toEqual([0, 1, 2, 3]);
    const [same1, same2, similar, different] = result.data.map((d) => Array.from(d.embedding));
    expect(same1).toHaveLength(32);
    expect(same1).toEqual(same2);
    expect(same1).not.toEqual(different);
    expect(cosineSimilarity(same1 ?? [], similar ?? [])).toBeGreaterThan(
      cosineSimilarity(same1 ?? [], different ?? []),
    );
    expect(result.usage.prompt_tokens).toBeGreaterThan(0);
    // Same text asked again (float encoding this time) gives the same vector.
    const again = await client.embeddings.create({
      model: 'fake-embed',
      input: 'The cat sat on the mat',
      encoding_format: 'float',
    });
    expect(again.data).toHaveLength(1);
    const vector = Array.from(again.data[0]?.embedding ?? []);
    expect(vector).toHaveLength(32);
    vector.forEach((x, i) => expect(x).toBeCloseTo(same1?.[i] ?? NaN, 6));
  });

  it('answers embeddings requests 404 as an unknown URL when the server has none (Groq, DeepSeek)', async () => {
    const { client } = await start({ embeddings: false });
    const error = await client.embeddings.create({ model: 'fake-embed', input: 'The cat' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as APIError).type).toBe('invalid_request_error');
    // Chat still answers: only the embeddings API is missing.
    await expect(
      client.chat.completions.create({ model: 'fake-fast', messages: [{ role: 'user', content: 'hi' }] }),
    ).resolves.toMatchObject({ object: 'chat.completion' });
  });
});

describe('openai server: auth, origin, CORS', () => {
  it('rejects a wrong API key with AuthenticationError and accepts the right one', async () => {
    const { server: s } = await start({ apiKey: 'sk-right' });
    const wrong = new OpenAI({ baseURL: s.baseUrl, apiKey: 'sk-wrong', maxRetries: 0 });
    const error = await wrong.models.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as APIError).code).toBe('invalid_api_key');
    const right = new OpenAI({ baseURL: s.baseUrl, apiKey: 'sk-right', maxRetries: 0 });
    await expect(right.models.list()).resolves.toBeDefined();
    const missing = await fetch(`${s.baseUrl}/models`);
    expect(missing.status).toBe(401);
  });

  it('answers a forbidden Origin with an empty 403, like Ollama', async () => {
    const { server: s } = await start({ forbiddenOrigin: (origin) => origin.startsWith('chrome-extension://') });
    const forbidden = await fetch(`${s.baseUrl}/models`, { headers: { Origin: 'chrome-extension://abcdef' } });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toBe('');
    const allowed = await fetch(`${s.baseUrl}/models`, { headers: { Origin: 'http://localhost' } });
    expect(allowed.status).toBe(200);
  });

  it('answers CORS preflights and adds CORS headers, unless cors is false', async () => {
    const { server: s } = await start();
    const preflight = await fetch(`${s.baseUrl}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-stainless-os',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type,x-stainless-os');
    expect((await fetch(`${s.baseUrl}/models`)).headers.get('access-control-allow-origin')).toBe('*');
    await s.close();

    const { server: noCors } = await start({ cors: false });
    const plain = await fetch(`${noCors.baseUrl}/models`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });
});
