import OpenAI, { type APIError } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';

import { FaultSwitch, type OpenAiServer, startOpenAiServer } from '../../../../../scripts/lib/servers';

let server: OpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(timeout?: number): Promise<{ server: OpenAiServer; client: OpenAI }> {
  server = await startOpenAiServer();
  const client = new OpenAI({
    baseURL: server.baseUrl,
    apiKey: 'sk-test',
    maxRetries: 0,
    ...(timeout ? { timeout } : {}),
  });
  return { server, client };
}

const chat = (client: OpenAI) =>
  client.chat.completions.create({ model: 'fake-fast', messages: [{ role: 'user', content: 'hi' }] });

describe('faults through the OpenAI SDK', () => {
  it('rate-limit gives RateLimitError with the Retry-After value', async () => {
    const { server: s, client } = await start();
    s.faults.next({ kind: 'rate-limit', retryAfterSeconds: 7 });
    const error = await chat(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const rateLimit = error as APIError;
    expect(rateLimit.status).toBe(429);
    expect(rateLimit.headers?.get('retry-after')).toBe('7');
    expect(rateLimit.code).toBe('rate_limit_exceeded');
    await expect(chat(client)).resolves.toMatchObject({ object: 'chat.completion' });
  });

  it('next(fault, 2) applies to exactly two requests', async () => {
    const { server: s, client } = await start();
    s.faults.next({ kind: 'server-error' }, 2);
    await expect(chat(client)).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    await expect(chat(client)).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    await expect(chat(client)).resolves.toMatchObject({ object: 'chat.completion' });
    expect(s.requests).toHaveLength(3);
  });

  it('queued faults win over always(), and always(null) switches it off', async () => {
    const { server: s, client } = await start();
    s.faults.always({ kind: 'server-error' });
    s.faults.next({ kind: 'rate-limit', retryAfterSeconds: 1 });
    await expect(chat(client)).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    await expect(chat(client)).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    await expect(chat(client)).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    s.faults.always(null);
    await expect(chat(client)).resolves.toBeDefined();
  });

  it('a path prefix restricts a fault, and other paths do not consume it', async () => {
    const { server: s, client } = await start();
    s.faults.next({ kind: 'server-error' }, 1, { pathPrefix: '/v1/chat' });
    await expect(client.models.list()).resolves.toBeDefined();
    await expect(chat(client)).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    await expect(chat(client)).resolves.toBeDefined();
  });

  it('500 gives InternalServerError with OpenAI’s error body', async () => {
    const { server: s, client } = await start();
    s.faults.always({ kind: 'server-error' });
    const error = await chat(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as APIError).type).toBe('server_error');
  });

  it('hang + client timeout gives APIConnectionTimeoutError, and close() still ends', async () => {
    const { server: s, client } = await start(200);
    s.faults.always({ kind: 'hang' });
    await expect(chat(client)).rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    // A caller without a timeout is still hanging; close() must end it rather than wait for it.
    const pending = fetch(`${s.baseUrl}/models`);
    await s.waitForRequests(2);
    await s.close();
    await expect(pending).rejects.toThrow();
  });

  it('malformed JSON makes the client throw', async () => {
    const { server: s, client } = await start();
    s.faults.always({ kind: 'malformed' });
    await expect(chat(client)).rejects.toThrow();
    const raw = await fetch(`${s.baseUrl}/models`);
    expect(raw.status).toBe(200);
    await expect(raw.json()).rejects.toThrow(SyntaxError);
  });

  it('malformed SSE makes the stream iteration throw', async () => {
    const { server: s } = await start();
    // logLevel 'off': the SDK otherwise logs the (expected) unparsable chunk to stderr.
    const client = new OpenAI({ baseURL: s.baseUrl, apiKey: 'sk-test', maxRetries: 0, logLevel: 'off' });
    s.faults.next({ kind: 'malformed' });
    const stream = await client.chat.completions.create({
      model: 'fake-fast',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    const read = async (): Promise<string> => {
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      return text;
    };
    await expect(read()).rejects.toThrow(/malformed|JSON/i);
  });

  it('reset gives APIConnectionError', async () => {
    const { server: s, client } = await start();
    s.faults.next({ kind: 'reset' });
    const error = await chat(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIConnectionError);
    expect(error).not.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    await expect(chat(client)).resolves.toBeDefined();
  });

  it('latency delays the answer; base latency composes with a queued fault', async () => {
    const { server: s, client } = await start();
    s.faults.next({ kind: 'latency', ms: 150 });
    let started = performance.now();
    await expect(chat(client)).resolves.toBeDefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);

    s.faults.latency(120);
    s.faults.next({ kind: 'rate-limit', retryAfterSeconds: 2 });
    started = performance.now();
    await expect(chat(client)).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });
});

describe('waitForRequests', () => {
  it('resolves once enough matching requests arrived, without polling', async () => {
    const { server: s, client } = await start();
    const waiting = s.waitForRequests(2, (r) => r.path === '/v1/chat/completions');
    await client.models.list();
    void chat(client);
    void chat(client);
    const seen = await waiting;
    expect(seen).toHaveLength(2);
    expect(seen.every((r) => r.method === 'POST')).toBe(true);
    expect(seen[0]?.body).toMatchObject({ model: 'fake-fast' });
    expect(s.requests.some((r) => r.path === '/v1/models')).toBe(true);
  });

  it('accepts a path prefix as filter and resolves at once when already satisfied', async () => {
    const { server: s, client } = await start();
    await client.models.list();
    await expect(s.waitForRequests(1, '/v1/models')).resolves.toHaveLength(1);
  });

  it('rejects after its timeout, and pending waits reject on close()', async () => {
    const { server: s } = await start();
    await expect(s.waitForRequests(1, '/v1/chat', { timeoutMs: 50 })).rejects.toThrow(
      /0\/1 matching requests after 50 ms/,
    );
    const pending = s.waitForRequests(1);
    await s.close();
    await expect(pending).rejects.toThrow(/closed/);
  });
});

describe('FaultSwitch', () => {
  it('prefers the longest always() prefix and validates counts', () => {
    const faults = new FaultSwitch();
    faults.always({ kind: 'server-error' });
    faults.always({ kind: 'hang' }, { pathPrefix: '/v1/chat' });
    expect(faults.take('/v1/chat/completions')).toEqual({ kind: 'hang' });
    expect(faults.take('/v1/models')).toEqual({ kind: 'server-error' });
    faults.always(null, { pathPrefix: '/v1/chat' });
    expect(faults.take('/v1/chat/completions')).toEqual({ kind: 'server-error' });
    faults.always(null);
    expect(faults.take('/v1/models')).toBeNull();
    expect(() => faults.next({ kind: 'reset' }, 0)).toThrow(RangeError);
  });

  it('clear() removes queued faults, rules and the base latency', () => {
    const faults = new FaultSwitch();
    faults.latency(300);
    faults.always({ kind: 'hang' });
    faults.next({ kind: 'reset' }, 3);
    faults.clear();
    expect(faults.latencyMs).toBe(0);
    expect(faults.take('/anything')).toBeNull();
  });
});
