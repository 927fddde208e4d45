import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createSearchProvider } from '../../../../lib/search/index';
import { providerError, startServer, type TestServer } from './harness';

// Shaped like a real `format=json` answer (https://docs.searxng.org/dev/search_api.html).
const ANSWER = {
  query: 'eiffel tower height',
  number_of_results: 0,
  results: [
    {
      url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
      title: 'Eiffel Tower - Wikipedia',
      content:
        'The tower is 330 metres (1,083 ft) tall, about the same height as an <b>81-storey</b> building &amp; the tallest structure in Paris.',
      engine: 'wikipedia',
      parsed_url: ['https', 'en.wikipedia.org', '/wiki/Eiffel_Tower', '', '', ''],
      template: 'default.html',
      engines: ['wikipedia', 'duckduckgo'],
      positions: [1, 2],
      publishedDate: null,
      score: 4.5,
      category: 'general',
    },
    {
      url: 'magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a',
      title: 'Eiffel tower documentary',
      content: 'torrent',
      engine: 'piratebay',
      publishedDate: null,
    },
    {
      url: 'https://www.toureiffel.paris/en/news/history-and-culture/eiffel-tower-growing',
      title: 'The Eiffel Tower is growing!',
      content: 'Since 2022 the tower measures 330 m.',
      engine: 'google',
      publishedDate: '2022-03-15T00:00:00',
      score: 2,
    },
    {
      url: 'https://www.britannica.com/topic/Eiffel-Tower-Paris-France',
      title: 'Eiffel Tower | Height, Construction, &amp; Facts',
      content: 'Eiffel Tower, Paris monument…',
      engine: 'bing',
    },
  ],
  answers: [],
  corrections: [],
  infoboxes: [],
  suggestions: ['eiffel tower tickets'],
  unresponsive_engines: [['brave', 'timeout']],
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe('searxng', () => {
  it('sends GET /search with format=json and the language, and reads the results', async () => {
    server.reply({ body: ANSWER });
    const provider = createSearchProvider('searxng', { baseUrl: `${server.baseUrl}/` });
    const results = await provider.search({ text: 'eiffel tower height', language: 'en-GB', maxResults: 2 });

    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/search');
    expect(request?.query).toEqual({ q: 'eiffel tower height', format: 'json', language: 'en-GB' });
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers.authorization).toBeUndefined();
    expect(results).toEqual([
      {
        url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
        title: 'Eiffel Tower - Wikipedia',
        snippet:
          'The tower is 330 metres (1,083 ft) tall, about the same height as an 81-storey building & the tallest structure in Paris.',
        provider: 'searxng',
      },
      {
        url: 'https://www.toureiffel.paris/en/news/history-and-culture/eiffel-tower-growing',
        title: 'The Eiffel Tower is growing!',
        snippet: 'Since 2022 the tower measures 330 m.',
        provider: 'searxng',
        publishedAt: '2022-03-15T00:00:00',
      },
    ]);
  });

  it('accepts an instance address pasted with /search and omits an unknown language', async () => {
    server.reply({ body: ANSWER });
    const results = await createSearchProvider('searxng', { baseUrl: `${server.baseUrl}/search/` }).search({
      text: 'q',
      maxResults: 10,
    });
    expect(server.requests[0]?.path).toBe('/search');
    expect(server.requests[0]?.query).toEqual({ q: 'q', format: 'json' });
    expect(results.map((r) => r.title)).toEqual([
      'Eiffel Tower - Wikipedia',
      'The Eiffel Tower is growing!',
      'Eiffel Tower | Height, Construction, & Facts',
    ]);
  });

  it('explains a 403 as the JSON format not being enabled', async () => {
    server.reply({ status: 403, body: '<html><body>Forbidden</body></html>' });
    const error = await providerError(
      createSearchProvider('searxng', { baseUrl: server.baseUrl }).search({ text: 'q', maxResults: 5 }),
    );
    expect(error.details).toMatchObject({ provider: 'searxng', status: 403 });
    expect(error.message).toContain('Add `json` to `search.formats`');
    expect(error.message).toContain('settings.yml');
    expect(error.notice).toEqual({ code: 'search-http', provider: 'SearXNG', status: 403, reason: 'json-disabled' });
  });

  it('needs the instance address', async () => {
    const error = await providerError(createSearchProvider('searxng', {}).search({ text: 'q', maxResults: 5 }));
    expect(error.kind).toBe('not-found');
    expect(error.message).toBe('SearXNG needs the address of your instance, e.g. http://localhost:8080.');
    expect(error.notice).toEqual({ code: 'search-needs-address', provider: 'SearXNG' });
  });
});
