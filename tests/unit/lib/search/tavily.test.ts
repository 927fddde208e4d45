import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createSearchProvider } from '../../../../lib/search/index';
import { jsonBody, startServer, type TestServer } from './harness';

// Shaped like the example in https://docs.tavily.com/api-reference/endpoint/search.
const ANSWER = {
  query: 'Who is Leo Messi?',
  answer: null,
  images: [],
  results: [
    {
      title: 'Lionel Messi Facts | Britannica',
      url: 'https://www.britannica.com/facts/Lionel-Messi',
      content:
        'Lionel Messi, an Argentine footballer, is widely regarded as one of the greatest football players of his generation.',
      score: 0.81025416,
      raw_content: null,
    },
    {
      title: 'Messi wins eighth Ballon d’Or',
      url: 'https://www.example-news.com/sport/messi-ballon-dor',
      content: 'Messi  won the award\nfor the eighth time.',
      score: 0.7,
      raw_content: null,
      published_date: 'Mon, 30 Oct 2023 21:15:00 GMT',
    },
    { title: 'No link', url: '', content: 'dropped', score: 0.1, raw_content: null },
  ],
  response_time: '1.67',
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe('tavily', () => {
  it('POSTs the query with a Bearer key and reads the results', async () => {
    server.reply({ body: ANSWER });
    const provider = createSearchProvider('tavily', { apiKey: 'tvly-test', baseUrl: server.baseUrl });
    const results = await provider.search({ text: 'Who is Leo Messi?', language: 'de', maxResults: 50 });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/search');
    expect(request?.headers.authorization).toBe('Bearer tvly-test');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(jsonBody(request)).toEqual({
      query: 'Who is Leo Messi?',
      max_results: 20,
      search_depth: 'basic',
      topic: 'general',
      include_answer: false,
      include_raw_content: false,
      include_images: false,
    });
    expect(results).toEqual([
      {
        url: 'https://www.britannica.com/facts/Lionel-Messi',
        title: 'Lionel Messi Facts | Britannica',
        snippet:
          'Lionel Messi, an Argentine footballer, is widely regarded as one of the greatest football players of his generation.',
        provider: 'tavily',
      },
      {
        url: 'https://www.example-news.com/sport/messi-ballon-dor',
        title: 'Messi wins eighth Ballon d’Or',
        snippet: 'Messi won the award for the eighth time.',
        provider: 'tavily',
        publishedAt: '2023-10-30T21:15:00.000Z',
      },
    ]);
  });

  it('asks for maxResults when it is within the API limit', async () => {
    server.reply({ body: ANSWER });
    const results = await createSearchProvider('tavily', { apiKey: 'tvly-test', baseUrl: server.baseUrl }).search({
      text: 'q',
      maxResults: 1,
    });
    expect(jsonBody(server.requests[0])).toMatchObject({ query: 'q', max_results: 1 });
    expect(results.map((r) => r.url)).toEqual(['https://www.britannica.com/facts/Lionel-Messi']);
  });
});
