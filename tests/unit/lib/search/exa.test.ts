import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createSearchProvider } from '../../../../lib/search/index';
import { jsonBody, startServer, type TestServer } from './harness';

const LONG_TEXT = `# Overview\n\n${'Large language models have recently demonstrated remarkable capabilities. '.repeat(12)}`;

// Shaped like the example in https://exa.ai/docs/reference/search.
const ANSWER = {
  requestId: 'b5947044c4b78efa9552a7c89b306d95',
  resolvedSearchType: 'neural',
  results: [
    {
      title: 'A Comprehensive Overview of Large Language Models',
      url: 'https://arxiv.org/pdf/2307.06435.pdf',
      publishedDate: '2023-11-16T01:36:32.547Z',
      author: 'Humza Naveed, University of Engineering and Technology (UET), Lahore, Pakistan',
      id: 'https://arxiv.org/abs/2307.06435',
      image: 'https://arxiv.org/pdf/2307.06435.pdf/page_1.png',
      favicon: 'https://arxiv.org/favicon.ico',
      text: 'Abstract Large Language Models (LLMs) have recently demonstrated remarkable capabilities...',
      highlights: ['Such requirements have limited their adoption...', '  LLMs are   trained on web-scale text. '],
      highlightScores: [0.46, 0.31],
    },
    {
      title: null,
      url: 'https://blog.example.com/llm-survey',
      publishedDate: null,
      author: null,
      id: 'https://blog.example.com/llm-survey',
      text: LONG_TEXT,
      highlights: [],
    },
  ],
  costDollars: { total: 0.007 },
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe('exa', () => {
  it('POSTs the query with x-api-key, asks for text and highlights, and reads the results', async () => {
    server.reply({ body: ANSWER });
    const provider = createSearchProvider('exa', { apiKey: 'exa-key', baseUrl: server.baseUrl });
    const results = await provider.search({ text: 'Latest research in LLMs', maxResults: 4 });

    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/search');
    expect(request?.headers['x-api-key']).toBe('exa-key');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(jsonBody(request)).toEqual({
      query: 'Latest research in LLMs',
      type: 'auto',
      numResults: 4,
      contents: { text: { maxCharacters: 2000 }, highlights: true },
    });

    const plain = LONG_TEXT.replace(/\s+/g, ' ').trim();
    expect(results).toEqual([
      {
        url: 'https://arxiv.org/pdf/2307.06435.pdf',
        title: 'A Comprehensive Overview of Large Language Models',
        snippet: 'Such requirements have limited their adoption... … LLMs are trained on web-scale text.',
        provider: 'exa',
        publishedAt: '2023-11-16T01:36:32.547Z',
      },
      {
        url: 'https://blog.example.com/llm-survey',
        title: 'https://blog.example.com/llm-survey',
        snippet: `${plain.slice(0, 499)}…`,
        provider: 'exa',
      },
    ]);
    expect(results[1]?.snippet).toHaveLength(500);
  });
});
