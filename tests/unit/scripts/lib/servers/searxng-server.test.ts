import { afterEach, describe, expect, it } from 'vitest';

import { type SearxngServer, type SearxngServerOptions, startSearxngServer } from '../../../../../scripts/lib/servers';

let server: SearxngServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: SearxngServerOptions = {}): Promise<SearxngServer> {
  server = await startSearxngServer(options);
  server.setResults((query, params) => [
    {
      url: 'https://example.org/a?x=1',
      title: `About ${query}`,
      content: 'First snippet',
      publishedDate: '2024-05-01T00:00:00',
    },
    {
      url: 'https://example.net/b',
      title: 'Second',
      content: `lang=${params.get('language') ?? '-'}`,
      engine: 'wikipedia',
    },
  ]);
  return server;
}

describe('searxng server', () => {
  it('answers GET /search?format=json with SearXNG’s JSON shape', async () => {
    const s = await start();
    const response = await fetch(
      `${s.baseUrl}/search?q=${encodeURIComponent('is the sky green')}&format=json&language=en`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body: unknown = await response.json();
    expect(body).toEqual({
      query: 'is the sky green',
      number_of_results: 2,
      results: [
        {
          url: 'https://example.org/a?x=1',
          title: 'About is the sky green',
          content: 'First snippet',
          engine: 'fake',
          engines: ['fake'],
          score: 1,
          category: 'general',
          positions: [1],
          parsed_url: ['https', 'example.org', '/a', '', 'x=1', ''],
          template: 'default.html',
          publishedDate: '2024-05-01T00:00:00',
        },
        {
          url: 'https://example.net/b',
          title: 'Second',
          content: 'lang=en',
          engine: 'wikipedia',
          engines: ['wikipedia'],
          score: 0.5,
          category: 'general',
          positions: [2],
          parsed_url: ['https', 'example.net', '/b', '', '', ''],
          template: 'default.html',
          publishedDate: null,
        },
      ],
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    });
  });

  it('accepts POST form bodies like SearXNG', async () => {
    const s = await start();
    const response = await fetch(`${s.baseUrl}/search`, {
      method: 'POST',
      body: new URLSearchParams({ q: 'posted query', format: 'json', language: 'de' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { query: string; results: Array<{ content: string }> };
    expect(body.query).toBe('posted query');
    expect(body.results[1]?.content).toBe('lang=de');
    const [recorded] = await s.waitForRequests(1, '/search');
    expect(recorded?.method).toBe('POST');
    expect(recorded?.rawBody).toContain('q=posted+query');
  });

  it('serves the HTML page without format=json', async () => {
    const s = await start();
    const response = await fetch(`${s.baseUrl}/search?q=sky`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<a href="https://example.org/a?x=1">About sky</a>');
    expect(html).toContain('class="result');
  });

  it('answers 403 Forbidden for format=json when JSON is not enabled', async () => {
    const s = await start({ jsonEnabled: false });
    const response = await fetch(`${s.baseUrl}/search?q=sky&format=json`);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Forbidden');
    const html = await fetch(`${s.baseUrl}/search?q=sky`);
    expect(html.status).toBe(200);
  });

  it('answers 400 {"error":"No query"} for a JSON search without q', async () => {
    const s = await start();
    const response = await fetch(`${s.baseUrl}/search?format=json`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'No query' });
  });

  it('has no results until scripted', async () => {
    server = await startSearxngServer();
    const body = (await (await fetch(`${server.baseUrl}/search?q=x&format=json`)).json()) as { results: unknown[] };
    expect(body.results).toEqual([]);
  });

  it('applies the shared faults: 429 with Retry-After, malformed JSON', async () => {
    const s = await start();
    s.faults.next({ kind: 'rate-limit', retryAfterSeconds: 30 });
    const limited = await fetch(`${s.baseUrl}/search?q=x&format=json`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(await limited.text()).toBe('Too Many Requests');
    s.faults.next({ kind: 'malformed' });
    const broken = await fetch(`${s.baseUrl}/search?q=x&format=json`);
    expect(broken.status).toBe(200);
    await expect(broken.json()).rejects.toThrow(SyntaxError);
  });
});
