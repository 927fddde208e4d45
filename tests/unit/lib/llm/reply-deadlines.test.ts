/**
 * Deadlines on every model reply (issue 24, item 2): a server that sends its headers and then stalls,
 * mid-stream or mid-body, must not keep a call pending for ever. The loopback server's `stall` fault and
 * `stallWhen` reproduce it over real HTTP.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../lib/core/errors';
import { withResilience } from '../../../../lib/core/model/resilient-model';
import type { ChatRequest } from '../../../../lib/core/ports';
import { createOpenAiChatModel } from '../../../../lib/llm/openai-chat-model';
import { ReplyDeadlineError, withReplyDeadlines } from '../../../../lib/llm/reply-deadlines';
import { type OpenAiServer, startOpenAiServer } from '../../../../scripts/lib/servers/index';

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

describe('reply deadlines against a loopback server that stalls mid-reply', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer();
  });
  afterEach(() => {
    server.faults.clear();
    server.stallWhen(null);
  });
  afterAll(() => server.close());
  const model = (idleMs = 150) =>
    createOpenAiChatModel({
      baseUrl: server.baseUrl,
      apiKey: '',
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
      structuredOutput: 'json_schema',
      providerLabel: 'Loopback',
      replyDeadlines: { idleMs, totalMs: 5_000 },
    });

  it('a stream that stalls after its first chunks fails as a timeout, with the text that came', async () => {
    server.faults.next({ kind: 'stall' });
    const pieces: string[] = [];
    const failure = await model().stream!(request, (delta) => pieces.push(delta)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind: 'timeout', retryable: true });
    expect((failure as Error).message).toMatch(/^Loopback stopped sending its reply: nothing arrived for 0 s/);
    expect(pieces.join('')).toBe('{"');
  });

  it('a plain reply whose body stalls fails as a timeout, and the resilient model retries it', async () => {
    server.stallWhen(() => true);
    const resilient = withResilience(model(), { concurrency: 1, maxRetries: 2, baseDelayMs: 1, maxDelayMs: 2 });
    const before = server.requests.length;
    await expect(resilient.complete(request)).rejects.toMatchObject({ kind: 'timeout' });
    expect(server.requests.length - before).toBe(3);
    server.stallWhen(null);
    await expect(resilient.complete(request)).resolves.toMatchObject({ finishReason: 'stop' });
  });

  it('the overall deadline ends a reply that trickles on without ever finishing', async () => {
    let ticks = 0;
    const trickle: typeof fetch = async () => {
      const body = new ReadableStream<Uint8Array>({
        async pull(stream) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          ticks += 1;
          stream.enqueue(new TextEncoder().encode(' '));
        },
      });
      return new Response(body, { status: 200 });
    };
    const response = await withReplyDeadlines(trickle, { idleMs: 1_000, totalMs: 200 })('http://127.0.0.1/', {});
    const failure = await response.text().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReplyDeadlineError);
    expect(failure).toMatchObject({ which: 'total', ms: 200 });
    expect(ticks).toBeGreaterThan(2);
  });

  it('a stream that keeps coming, each piece within the idle limit, is not cut even when it lasts longer', async () => {
    server.respondWith(() => ({ claims: ['one claim', 'another claim', 'a third claim', 'and a fourth one'] }));
    // 40 ms to the first token, then 30 tokens a second: each piece (a word or two) well within the 400 ms
    // idle limit, the whole reply (about 25 tokens) longer than it.
    server.modelLatency({ profile: { name: 'slow', ttftMs: 40, tokensPerSecond: 30 }, scale: 1 });
    try {
      const started = Date.now();
      const response = await model(400).stream!(request, () => undefined);
      expect(Date.now() - started).toBeGreaterThan(400);
      expect(JSON.parse(response.text)).toEqual({
        claims: ['one claim', 'another claim', 'a third claim', 'and a fourth one'],
      });
    } finally {
      server.modelLatency(null);
      server.respondWith(null);
    }
  });
});
