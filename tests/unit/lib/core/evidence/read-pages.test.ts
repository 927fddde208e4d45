import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../../lib/core/errors';
import { createPageReader } from '../../../../../lib/core/evidence/read-pages';
import type { ArticleExtractor, FetchedPage, PageFetcher } from '../../../../../lib/core/ports';
import { MemoryCache } from '../../../support/model-fakes';

describe('createPageReader', () => {
  const page = (url: string, body: string): FetchedPage => ({
    requestedUrl: url,
    finalUrl: url,
    status: 200,
    contentType: 'text/html',
    body,
    truncated: false,
  });
  const extractor: ArticleExtractor = {
    extract: async (html) => (html.includes('<p>') ? { title: 'T', text: html.replace(/<[^>]+>/g, '') } : null),
  };

  it('reads each page once however many claims cite it, and remembers failures', async () => {
    const fetched: string[] = [];
    const fetcher: PageFetcher = {
      async fetch(url) {
        fetched.push(url);
        if (url.includes('dead')) throw new ProviderError('not-found', 'The page is gone (404).');
        return page(url, url.includes('empty') ? '<div></div>' : '<p>Text</p>');
      },
    };
    const cache = new MemoryCache();
    const reader = createPageReader({ fetcher, extractor, cache, timeoutMs: 1000, maxBytes: 1000 });
    const [a, b] = await Promise.all([reader.read('https://x.example/a#one'), reader.read('https://www.x.example/a')]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ ok: true, article: { text: 'Text' } });
    expect(await reader.read('https://x.example/dead')).toEqual({ ok: false, reason: 'The page is gone (404).' });
    expect(await reader.read('https://x.example/empty')).toEqual({
      ok: false,
      reason: 'No readable text on the page.',
    });
    expect(fetched).toEqual(['https://x.example/a#one', 'https://x.example/dead', 'https://x.example/empty']);
    const again = createPageReader({ fetcher, extractor, cache, timeoutMs: 1000, maxBytes: 1000 });
    await again.read('https://x.example/dead');
    expect(fetched).toHaveLength(3);
  });
});
