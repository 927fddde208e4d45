import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { braveSearchLang } from '../../../../lib/search/brave';
import { createSearchProvider } from '../../../../lib/search/index';
import { startServer, type TestServer } from './harness';

// Shaped like a real WebSearchApiResponse (https://api.search.brave.com/app/documentation/web-search/responses).
const ANSWER = {
  type: 'search',
  query: { original: 'eiffel tower height', more_results_available: true, country: 'us' },
  mixed: { type: 'mixed', main: [{ type: 'web', index: 0, all: false }] },
  web: {
    type: 'search',
    family_friendly: true,
    results: [
      {
        type: 'search_result',
        title: 'Eiffel Tower - Wikipedia',
        url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
        is_source_local: false,
        description:
          'The <strong>Eiffel</strong> <strong>Tower</strong> is 330&nbsp;m (1,083&nbsp;ft) tall &amp; the tallest structure in Paris&#x2026;',
        page_age: '2024-03-01T12:00:00',
        age: 'March 1, 2024',
        language: 'en',
        profile: {
          name: 'Wikipedia',
          url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
          long_name: 'en.wikipedia.org',
        },
        meta_url: {
          scheme: 'https',
          netloc: 'en.wikipedia.org',
          hostname: 'en.wikipedia.org',
          path: '› wiki › Eiffel_Tower',
        },
      },
      {
        type: 'search_result',
        title: 'How tall is the <strong>Eiffel Tower</strong>?',
        url: 'https://www.toureiffel.paris/en/the-monument/key-figures',
        description: 'Key figures: height, weight, number of steps.',
        age: 'June 15, 2023',
      },
      {
        type: 'search_result',
        title: 'Eiffel Tower news',
        url: 'https://news.example.com/eiffel',
        description: 'Updated <strong>2 days ago</strong>',
        age: '2 days ago',
      },
    ],
  },
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe('brave', () => {
  it('sends GET /res/v1/web/search with the subscription token and strips HTML from descriptions', async () => {
    server.reply({ body: ANSWER });
    const provider = createSearchProvider('brave', { apiKey: 'BSA-test', baseUrl: server.baseUrl });
    const results = await provider.search({ text: 'eiffel tower height', language: 'ja-JP', maxResults: 5 });

    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/res/v1/web/search');
    expect(request?.query).toEqual({ q: 'eiffel tower height', count: '5', search_lang: 'jp', result_filter: 'web' });
    expect(request?.headers['x-subscription-token']).toBe('BSA-test');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.body).toBe('');
    expect(results).toEqual([
      {
        url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
        title: 'Eiffel Tower - Wikipedia',
        snippet: 'The Eiffel Tower is 330 m (1,083 ft) tall & the tallest structure in Paris…',
        provider: 'brave',
        publishedAt: '2024-03-01T12:00:00',
      },
      {
        url: 'https://www.toureiffel.paris/en/the-monument/key-figures',
        title: 'How tall is the Eiffel Tower?',
        snippet: 'Key figures: height, weight, number of steps.',
        provider: 'brave',
        publishedAt: '2023-06-15',
      },
      {
        url: 'https://news.example.com/eiffel',
        title: 'Eiffel Tower news',
        snippet: 'Updated 2 days ago',
        provider: 'brave',
      },
    ]);
  });

  it('caps count at 20 and returns no results when the answer has no web section', async () => {
    server.reply({ body: { type: 'search', query: { original: 'q' } } });
    const provider = createSearchProvider('brave', { apiKey: 'BSA-test', baseUrl: server.baseUrl });
    await expect(provider.search({ text: 'q', maxResults: 50 })).resolves.toEqual([]);
    expect(server.requests[0]?.query).toEqual({ q: 'q', count: '20', result_filter: 'web' });
  });

  it('maps languages to search_lang codes Brave accepts', () => {
    expect(braveSearchLang('de-DE')).toBe('de');
    expect(braveSearchLang('zh-TW')).toBe('zh-hant');
    expect(braveSearchLang('zh')).toBe('zh-hans');
    expect(braveSearchLang('pt-BR')).toBe('pt-br');
    expect(braveSearchLang('pt')).toBe('pt-pt');
    expect(braveSearchLang('xx')).toBeUndefined();
    expect(braveSearchLang(undefined)).toBeUndefined();
  });
});
