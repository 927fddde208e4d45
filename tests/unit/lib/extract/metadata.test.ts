import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';

import { readMetadata } from '../../../../lib/extract/metadata';

describe('readMetadata', () => {
  it('reads the publication date from meta tags, JSON-LD or <time>, and the language', () => {
    const read = (head: string, body = ''): ReturnType<typeof readMetadata> =>
      readMetadata(parseHTML(`<html><head>${head}</head><body>${body}</body></html>`).document as unknown as Document);
    expect(read('<meta property="article:published_time" content="2024-05-02T08:00:00+02:00">')).toEqual({
      publishedAt: '2024-05-02T06:00:00.000Z',
    });
    const jsonLd =
      '<script type="application/ld+json">{"@graph":[{"@type":"WebPage"},{"@type":"NewsArticle","datePublished":"2024-05-03"}]}</script>';
    expect(read(jsonLd).publishedAt).toBe('2024-05-03T00:00:00.000Z');
    expect(read('', '<time datetime="2024-05-04T10:00:00Z">May 4</time>').publishedAt).toBe('2024-05-04T10:00:00.000Z');
    expect(read('<meta property="og:locale" content="de_DE">')).toEqual({ lang: 'de-DE' });
    expect(read('<meta name="date" content="not a date">')).toEqual({});
  });
});
