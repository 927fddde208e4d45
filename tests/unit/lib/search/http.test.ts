import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { combineSignals, errorDetail, MAX_JSON_BYTES, redactUrl, requestJson } from '../../../../lib/search/http';
import { buildUrl, isHttpUrl, toPublishedAt } from '../../../../lib/search/provider';

describe('combineSignals without AbortSignal.any', () => {
  it('aborts with the reason of the first input and stops listening after dispose', () => {
    const a = new AbortController();
    const b = new AbortController();
    const first = combineSignals([a.signal, b.signal], false);
    a.abort('caller');
    expect(first.signal.aborted).toBe(true);
    expect(first.signal.reason).toBe('caller');

    const c = new AbortController();
    const second = combineSignals([b.signal, c.signal], false);
    second.dispose();
    c.abort('late');
    expect(second.signal.aborted).toBe(false);
  });

  it('is aborted at once when an input already is', () => {
    const combined = combineSignals([AbortSignal.abort('before')], false);
    expect(combined.signal.reason).toBe('before');
  });
});

describe('request helpers', () => {
  it('keeps query strings (keys, user queries) out of error details', () => {
    expect(redactUrl('https://factchecktools.googleapis.com/v1alpha1/claims:search?query=x&key=secret')).toBe(
      'https://factchecktools.googleapis.com/v1alpha1/claims:search',
    );
    expect(redactUrl('not a url')).toBe('');
  });

  it("extracts the provider's error text", () => {
    expect(errorDetail('{"error":{"message":"quota exceeded"}}')).toBe('quota exceeded');
    expect(errorDetail('{"detail":{"error":"Invalid API key"}}')).toBe('Invalid API key');
    expect(errorDetail('{"error":"Unauthorized"}')).toBe('Unauthorized');
    expect(errorDetail('<html>')).toBeUndefined();
  });

  it('builds URLs under a base with a path prefix', () => {
    expect(buildUrl('https://proxy.example/brave/', '/res/v1/web/search', { q: 'a b&c', count: 5, x: undefined })).toBe(
      'https://proxy.example/brave/res/v1/web/search?q=a+b%26c&count=5',
    );
  });

  it('accepts only http(s) URLs', () => {
    expect(isHttpUrl('https://example.org/')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8080/x')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('/relative')).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
  });

  it('normalises provider dates', () => {
    expect(toPublishedAt('2024-03-01T12:00:00')).toBe('2024-03-01T12:00:00');
    expect(toPublishedAt('Mar 3, 2024')).toBe('2024-03-03');
    expect(toPublishedAt('Tue, 07 Jan 2025 18:12:05 GMT')).toBe('2025-01-07T18:12:05.000Z');
    expect(toPublishedAt('3 days ago')).toBeUndefined();
    expect(toPublishedAt('2024-13-45')).toBeUndefined();
    expect(toPublishedAt(null)).toBeUndefined();
  });
});

describe('reply size cap (issue 24)', () => {
  const request = (body: string) =>
    requestJson({
      provider: 'searxng',
      label: 'SearXNG',
      keyed: false,
      url: 'https://search.example/search?q=x',
      method: 'GET',
      schema: z.object({ results: z.array(z.unknown()) }),
      fetch: async () => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
      timeoutMs: 30_000,
    });

  it('reads a reply up to the cap, and refuses a longer one with a clear message instead of holding it', async () => {
    const padding = ' '.repeat(MAX_JSON_BYTES - 20);
    await expect(request(`{"results":[]}${padding}`)).resolves.toEqual({ results: [] });
    await expect(request(`{"results":[]}${padding}${' '.repeat(40)}`)).rejects.toMatchObject({
      kind: 'malformed',
      message: 'SearXNG sent a response over 8 MB.',
      notice: { code: 'search-bad-reply', provider: 'SearXNG', problem: 'too-large', megabytes: 8 },
    });
  });
});

describe('failures as codes, worded in the interface language when shown (issue 25)', () => {
  const request = (fetch: typeof globalThis.fetch, keyed = true) =>
    requestJson({
      provider: 'brave',
      label: 'Brave Search',
      keyed,
      url: 'https://search.example/res/v1/web/search?q=x',
      method: 'GET',
      schema: z.object({ results: z.array(z.unknown()) }),
      fetch,
      timeoutMs: 30_000,
    });

  it("a 401 of a keyed source: the key rejected, with the source's own words", async () => {
    const error = await request(
      async () =>
        new Response('{"error":{"message":"Invalid token"}}', {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'auth',
      message: 'Brave Search rejected the API key (401). Brave Search said: "Invalid token"',
      notice: {
        code: 'search-http',
        provider: 'Brave Search',
        status: 401,
        reason: 'key-rejected',
        detail: 'Invalid token',
      },
    });
  });

  it('a 429 with Retry-After: rate-limited, with the wait in seconds', async () => {
    const error = await request(async () => new Response('', { status: 429, headers: { 'Retry-After': '30' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      message: 'Brave Search is rate-limiting requests (429); try again in 30 s.',
      notice: { code: 'search-http', reason: 'rate-limited', retrySeconds: 30 },
    });
  });

  it('a refused connection: unreachable, with the host and the network code', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    const error = await request(async () => {
      throw refused;
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'unreachable',
      message: 'Could not reach Brave Search at search.example (ECONNREFUSED).',
      notice: { code: 'search-unreachable', provider: 'Brave Search', host: 'search.example', cause: 'ECONNREFUSED' },
    });
  });
});
