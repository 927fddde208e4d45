import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../lib/core/errors';
import { withResilience } from '../../../../lib/core/model/resilient-model';
import type { ChatRequest } from '../../../../lib/core/ports';
import { createOpenAiChatModel } from '../../../../lib/llm/openai-chat-model';
import {
  callDurationMs,
  countTokens,
  LATENCY_PROFILES,
  type OpenAiServer,
  startOpenAiServer,
} from '../../../../scripts/lib/servers/index';

const request: ChatRequest = {
  role: 'fast',
  messages: [{ role: 'user', content: 'List the claims.' }],
  jsonSchema: {
    name: 'claims',
    schema: {
      type: 'object',
      properties: { claims: { type: 'array', items: { type: 'string' } } },
      required: ['claims'],
      additionalProperties: false,
    },
  },
};
const REPLY = { claims: ['The tower is 330 metres tall', 'Zoë lives in Zürich — "quoted"'] };

describe('the OpenAI adapter streaming from the loopback server', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer();
    server.respondWith(() => REPLY);
  });
  afterAll(() => server.close());
  const model = () =>
    createOpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: '',
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
      structuredOutput: 'json_schema',
    });

  it('asks with stream: true and include_usage, hands over the text piece by piece and returns it whole with usage', async () => {
    const pieces: string[] = [];
    const response = await model().stream!(request, (delta) => pieces.push(delta));
    const body = server.requests.at(-1)!.body as Record<string, unknown>;
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
    expect((body.response_format as { type: string }).type).toBe('json_schema');
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(JSON.stringify(REPLY));
    expect(response.text).toBe(JSON.stringify(REPLY));
    expect(response.usage.completionTokens).toBe(countTokens(JSON.stringify(REPLY)));
    expect(response.usage.promptTokens).toBeGreaterThan(0);
  });

  it('paces the stream by the latency model and still delivers the same reply', async () => {
    // A tiny scale keeps this fast; the assertion is on content, not on time.
    server.modelLatency({ profile: LATENCY_PROFILES.local, scale: 0.001 });
    try {
      const pieces: string[] = [];
      const response = await withResilience(model(), { concurrency: 1, maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 })
        .stream!(request, (delta) => pieces.push(delta));
      expect(response.text).toBe(JSON.stringify(REPLY));
      expect(pieces.join('')).toBe(response.text);
    } finally {
      server.modelLatency(null);
    }
  });

  it('rejects with a ProviderError when the stream breaks, after the text that arrived', async () => {
    server.faults.next({ kind: 'malformed' });
    const pieces: string[] = [];
    await expect(model().stream!(request, (delta) => pieces.push(delta))).rejects.toBeInstanceOf(ProviderError);
  });

  /** A fetch in front of the loopback server that answers some requests with OpenAI's 400 instead. */
  const refusing = (refuse: (body: Record<string, unknown>) => string | null) => {
    const sent: Array<Record<string, unknown>> = [];
    const fetchFn: typeof fetch = async (input, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      sent.push(body);
      const param = refuse(body);
      if (param === null) return fetch(input, init);
      const error = {
        error: {
          message: `Unsupported parameter: '${param}'.`,
          type: 'invalid_request_error',
          param,
          code: 'unsupported_parameter',
        },
      };
      return new Response(JSON.stringify(error), { status: 400, headers: { 'Content-Type': 'application/json' } });
    };
    return { sent, fetchFn };
  };

  it('a json_schema refused on a stream leaves the stream to complete(), which walks the fallback chain (auto mode)', async () => {
    const { sent, fetchFn } = refusing((body) =>
      (body.response_format as { type?: string } | undefined)?.type === 'json_schema' ? 'response_format' : null,
    );
    const auto = createOpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: '',
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
      structuredOutput: 'auto',
      fetch: fetchFn,
    });
    await expect(auto.stream!(request, () => undefined)).rejects.toMatchObject({ kind: 'bad-request' });
    const response = await auto.complete(request);
    expect(response.text).toBe(JSON.stringify(REPLY));
    expect(sent.map((body) => [body.stream === true, (body.response_format as { type: string }).type])).toEqual([
      [true, 'json_schema'],
      [false, 'json_schema'],
      [false, 'json_object'],
    ]);
  });

  it('a refusal of streaming with response_format (Groq) does not weaken the mode of later calls', async () => {
    // Some servers refuse only the combination (Groq: JSON mode "does not support streaming"); the
    // non-streamed request with the same response_format is fine, and must keep being sent.
    const { sent, fetchFn } = refusing((body) =>
      body.stream === true && body.response_format ? 'response_format' : null,
    );
    const auto = createOpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: '',
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
      structuredOutput: 'auto',
      fetch: fetchFn,
    });
    await expect(auto.stream!(request, () => undefined)).rejects.toMatchObject({ kind: 'bad-request' });
    expect((await auto.complete(request)).text).toBe(JSON.stringify(REPLY));
    expect(auto.structuredModeFor('fake-fast')).toBe('json_schema');
    expect(sent.map((body) => (body.response_format as { type: string }).type)).toEqual(['json_schema', 'json_schema']);
  });

  it('never streams a structured request to Groq (its JSON modes do not stream), so no round trip is refused', async () => {
    const { sent, fetchFn } = refusing(() => null);
    const groq = createOpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: '',
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
      structuredOutput: 'auto',
      preset: 'groq',
      fetch: fetchFn,
    });
    await expect(groq.stream!(request, () => undefined)).rejects.toMatchObject({ kind: 'bad-request' });
    expect(sent).toHaveLength(0);
  });

  it('stops streaming for a server that refuses streamed requests, so callers use complete()', async () => {
    const { sent, fetchFn } = refusing((body) => (body.stream === true ? 'stream' : null));
    const plain = createOpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: '',
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
      structuredOutput: 'json_schema',
      fetch: fetchFn,
    });
    await expect(plain.stream!(request, () => undefined)).rejects.toMatchObject({ kind: 'bad-request' });
    await expect(plain.stream!(request, () => undefined)).rejects.toMatchObject({ kind: 'bad-request' });
    expect(sent).toHaveLength(1); // the second was refused without asking again
    expect((await plain.complete(request)).text).toBe(JSON.stringify(REPLY));
  });

  it('computes call latency as TTFT plus output tokens over the decode rate', () => {
    expect(callDurationMs(LATENCY_PROFILES.hosted, 80)).toBe(1_500);
    expect(callDurationMs(LATENCY_PROFILES.local, 50)).toBe(3_500);
    expect(callDurationMs(LATENCY_PROFILES.fixed, 5_000)).toBe(800);
  });
});
