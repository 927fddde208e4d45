/**
 * Behaviour every search adapter shares, run against each provider through a real loopback server:
 * empty results, HTTP failures, malformed bodies, timeouts, cancellation, unreachable hosts, missing keys.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { SearchProviderId } from '../../../../lib/core/ports';
import { createSearchProvider, SEARCH_PROVIDER_LABELS, SEARCH_PROVIDER_NEEDS } from '../../../../lib/search/index';
import { providerError, startServer, type TestServer } from './harness';

interface Case {
  id: SearchProviderId;
  /** A valid answer with no results, as the API sends it. */
  empty: unknown;
  /** JSON that is not the API's shape. */
  wrongShape: unknown;
}

const CASES: Case[] = [
  {
    id: 'wikipedia',
    empty: { batchcomplete: true, query: { searchinfo: { totalhits: 0 }, search: [] } },
    wrongShape: { batchcomplete: true, query: { search: 'none' } },
  },
  {
    id: 'searxng',
    empty: {
      query: 'q',
      number_of_results: 0,
      results: [],
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    },
    wrongShape: { query: 'q', results: { url: 'https://example.org/' } },
  },
  {
    id: 'serper',
    empty: { searchParameters: { q: 'q', type: 'search', engine: 'google' }, organic: [], credits: 1 },
    wrongShape: { organic: [{ title: 'x', link: 42 }] },
  },
  {
    id: 'tavily',
    empty: { query: 'q', answer: null, images: [], results: [], response_time: 0.42 },
    wrongShape: { query: 'q', results: null },
  },
  {
    id: 'brave',
    empty: {
      type: 'search',
      query: { original: 'q', more_results_available: false },
      mixed: { type: 'mixed', main: [] },
    },
    wrongShape: { type: 'news', results: [] },
  },
  {
    id: 'exa',
    empty: { requestId: 'b5947044c4b78efa9552a7c89b306d95', resolvedSearchType: 'neural', results: [] },
    wrongShape: { requestId: 'b5947044', data: { results: [] } },
  },
  {
    id: 'google-factcheck',
    empty: {},
    wrongShape: { claims: [{ text: 'x', claimReview: 'False' }] },
  },
];

const QUERY = { text: 'eiffel tower height', maxResults: 5 };

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe.each(CASES)('$id', ({ id, empty, wrongShape }) => {
  const label = SEARCH_PROVIDER_LABELS[id];
  const keyed = SEARCH_PROVIDER_NEEDS[id] === 'key';
  const make = (timeoutMs = 5000) =>
    createSearchProvider(id, { apiKey: 'test-key', baseUrl: server.baseUrl, timeoutMs });

  it('returns no results for an empty answer', async () => {
    server.reply({ body: empty });
    await expect(make().search(QUERY)).resolves.toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a rejected key (401) as auth', async () => {
    server.reply({ status: 401, body: { error: 'Unauthorized' } });
    const error = await providerError(make().search(QUERY));
    expect(error.kind).toBe('auth');
    expect(error.details).toMatchObject({ provider: id, status: 401 });
    expect(error.message).toContain(
      keyed ? `${label} rejected the API key (401).` : `${label} refused the request (401).`,
    );
  });

  it('reports 429 as rate-limit with Retry-After in milliseconds', async () => {
    server.reply({ status: 429, headers: { 'Retry-After': '7' }, body: { message: 'Too many requests' } });
    const error = await providerError(make().search(QUERY));
    expect(error.kind).toBe('rate-limit');
    expect(error.details.retryAfterMs).toBe(7000);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain(`${label} is rate-limiting requests (429); try again in 7 s.`);
  });

  it('reports 500 as a server error', async () => {
    server.reply({ status: 500, body: 'Internal Server Error' });
    const error = await providerError(make().search(QUERY));
    expect(error.kind).toBe('server');
    expect(error.details).toMatchObject({ provider: id, status: 500 });
    expect(error.message).toBe(`${label} had a server error (500).`);
  });

  it('reports a body that is not JSON as malformed', async () => {
    server.reply({ body: '<!doctype html><title>Login</title>' });
    const error = await providerError(make().search(QUERY));
    expect(error.kind).toBe('malformed');
    expect(error.message).toBe(`${label} sent a response that is not JSON.`);
    expect(error.notice).toEqual({ code: 'search-bad-reply', provider: label, problem: 'not-json' });
  });

  it('reports JSON of the wrong shape as malformed', async () => {
    server.reply({ body: wrongShape });
    const error = await providerError(make().search(QUERY));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(new RegExp(`^${label} sent a response in an unexpected shape`));
    expect(error.notice).toMatchObject({ code: 'search-bad-reply', provider: label, problem: 'unexpected-shape' });
  });

  it('times out when the server never answers', async () => {
    server.reply('hang');
    const error = await providerError(make(150).search(QUERY));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`${label} did not answer within 0.2 s.`);
    expect(server.requests).toHaveLength(1);
  });

  it("reports the caller's abort as cancelled", async () => {
    server.reply('hang');
    const controller = new AbortController();
    const pending = make().search({ ...QUERY, signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort();
    const error = await providerError(pending);
    expect(error.kind).toBe('cancelled');
    expect(error.details.provider).toBe(id);
  });

  it('does not send a request when the signal is already aborted', async () => {
    const error = await providerError(make().search({ ...QUERY, signal: AbortSignal.abort() }));
    expect(error.kind).toBe('cancelled');
    expect(server.requests).toHaveLength(0);
  });

  it('reports a refused connection as unreachable', async () => {
    const closed = await startServer();
    await closed.close();
    const provider = createSearchProvider(id, { apiKey: 'test-key', baseUrl: closed.baseUrl });
    const error = await providerError(provider.search(QUERY));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toBe(`Could not reach ${label} at ${new URL(closed.baseUrl).host} (ECONNREFUSED).`);
  });

  it('sends nothing when maxResults is 0', async () => {
    await expect(make().search({ ...QUERY, maxResults: 0 })).resolves.toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  if (keyed) {
    it('needs an API key', async () => {
      const provider = createSearchProvider(id, { apiKey: '  ', baseUrl: server.baseUrl });
      const error = await providerError(provider.search(QUERY));
      expect(error.kind).toBe('auth');
      expect(error.message).toBe(`${label} needs an API key.`);
      expect(error.notice).toEqual({ code: 'search-needs-key', provider: label });
      expect(server.requests).toHaveLength(0);
    });
  }
});

describe('registry', () => {
  it('labels every provider and says what it needs', () => {
    expect(Object.keys(SEARCH_PROVIDER_LABELS).sort()).toEqual(CASES.map((c) => c.id).sort());
    expect(SEARCH_PROVIDER_NEEDS).toEqual({
      wikipedia: 'none',
      searxng: 'url',
      serper: 'key',
      tavily: 'key',
      brave: 'key',
      exa: 'key',
      'google-factcheck': 'key',
    });
    expect(SEARCH_PROVIDER_LABELS.brave).toBe('Brave Search');
  });

  it('uses the global fetch when none is injected', async () => {
    server.reply({
      body: { type: 'search', web: { results: [{ title: 'A', url: 'https://a.example/', description: 'a' }] } },
    });
    const provider = createSearchProvider('brave', { apiKey: 'k', baseUrl: server.baseUrl });
    expect(provider.id).toBe('brave');
    await expect(provider.search(QUERY)).resolves.toEqual([
      { url: 'https://a.example/', title: 'A', snippet: 'a', provider: 'brave' },
    ]);
  });

  it('rejects an unknown provider id', () => {
    expect(() => createSearchProvider('bing' as SearchProviderId, {})).toThrow('Unknown search provider "bing".');
  });
});
