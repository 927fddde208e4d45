import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createSearchProvider } from '../../../../lib/search/index';
import { jsonBody, providerError, startServer, type TestServer } from './harness';

// Shaped like a real answer from POST https://google.serper.dev/search.
const ANSWER = {
  searchParameters: { q: 'eiffel tower height', hl: 'en', num: 5, type: 'search', engine: 'google' },
  knowledgeGraph: { title: 'Eiffel Tower', type: 'Tower', description: 'Wrought-iron lattice tower in Paris.' },
  organic: [
    {
      title: 'Eiffel Tower - Wikipedia',
      link: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
      snippet: 'The tower is 330 metres (1,083 ft) tall,\n about the same height as an 81-storey building.',
      sitelinks: [{ title: 'History', link: 'https://en.wikipedia.org/wiki/Eiffel_Tower#History' }],
      position: 1,
    },
    {
      title: 'The Eiffel Tower is growing!',
      link: 'https://www.toureiffel.paris/en/news/history-and-culture/eiffel-tower-growing',
      snippet: 'Since March 2022, the Eiffel Tower measures 330 m.',
      date: 'Mar 15, 2022',
      position: 2,
    },
    {
      title: 'How tall is the Eiffel Tower?',
      link: 'https://www.example.com/eiffel',
      snippet: 'Answer in our quiz.',
      date: '3 days ago',
      position: 3,
    },
  ],
  peopleAlsoAsk: [
    { question: 'Is the Eiffel Tower 324 or 330 m?', snippet: '330 m since 2022', link: 'https://example.org/' },
  ],
  relatedSearches: [{ query: 'eiffel tower tickets' }],
  credits: 1,
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe('serper', () => {
  it('POSTs { q, num, hl } with X-API-KEY and reads organic results', async () => {
    server.reply({ body: ANSWER });
    const provider = createSearchProvider('serper', { apiKey: 'serper-key', baseUrl: server.baseUrl });
    const results = await provider.search({ text: 'eiffel tower height', language: 'en-US', maxResults: 5 });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/search');
    expect(request?.query).toEqual({});
    expect(request?.headers['x-api-key']).toBe('serper-key');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(jsonBody(request)).toEqual({ q: 'eiffel tower height', num: 5, hl: 'en' });
    expect(results).toEqual([
      {
        url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
        title: 'Eiffel Tower - Wikipedia',
        snippet: 'The tower is 330 metres (1,083 ft) tall, about the same height as an 81-storey building.',
        provider: 'serper',
      },
      {
        url: 'https://www.toureiffel.paris/en/news/history-and-culture/eiffel-tower-growing',
        title: 'The Eiffel Tower is growing!',
        snippet: 'Since March 2022, the Eiffel Tower measures 330 m.',
        provider: 'serper',
        publishedAt: '2022-03-15',
      },
      {
        url: 'https://www.example.com/eiffel',
        title: 'How tall is the Eiffel Tower?',
        snippet: 'Answer in our quiz.',
        provider: 'serper',
      },
    ]);
  });

  it('omits hl without a language and respects maxResults', async () => {
    server.reply({ body: ANSWER });
    const provider = createSearchProvider('serper', { apiKey: 'serper-key', baseUrl: server.baseUrl });
    const results = await provider.search({ text: 'q', maxResults: 1 });
    expect(jsonBody(server.requests[0])).toEqual({ q: 'q', num: 1 });
    expect(results).toHaveLength(1);
  });

  it('passes on what Serper said about a rejected key', async () => {
    server.reply({ status: 403, body: { message: 'Unauthorized.', statusCode: 403 } });
    const error = await providerError(
      createSearchProvider('serper', { apiKey: 'bad', baseUrl: server.baseUrl }).search({ text: 'q', maxResults: 5 }),
    );
    expect(error.kind).toBe('auth');
    expect(error.message).toBe('Serper rejected the API key (403). Serper said: "Unauthorized."');
  });
});
