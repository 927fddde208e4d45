import { describe, expect, it } from 'vitest';

import { canonicalUrl, isUsableEvidenceUrl } from '../../../../../../lib/core/evidence/sources/url-filter';

describe('evidence URLs', () => {
  it.each([
    'https://www.google.com/search?q=eiffel',
    'https://www.bing.com/search?q=x',
    'https://duckduckgo.com/?q=x',
    'https://example.com/',
    'https://example.com',
    'https://example.com/index.html',
    'https://example.com/search?q=tower',
    'https://news.example.com/?s=tower',
    'javascript:alert(1)',
    'ftp://example.com/file',
    'https://blocked.example.org/article',
    'https://sub.blocked.example.org/article',
  ])('rejects %s', (url) => {
    expect(isUsableEvidenceUrl(url, ['blocked.example.org'])).toBe(false);
  });

  it('accepts article pages', () => {
    expect(isUsableEvidenceUrl('https://en.wikipedia.org/wiki/Eiffel_Tower', ['blocked.example.org'])).toBe(true);
    expect(isUsableEvidenceUrl('https://notblocked.example.org.evil.com/a', ['blocked.example.org'])).toBe(true);
  });

  it('excludes a domain however the user wrote it: "www.", capitals, Unicode', () => {
    expect(isUsableEvidenceUrl('https://news.bücher.example/a', ['WWW.Bücher.Example'])).toBe(false);
    expect(isUsableEvidenceUrl('https://www.example.net/a', ['example.net.'])).toBe(false);
  });

  it('canonicalises URLs so the same page is read once', () => {
    expect(canonicalUrl('https://WWW.Example.com/a/b/?utm_source=x&id=3#top')).toBe('https://example.com/a/b?id=3');
    expect(canonicalUrl('https://example.com/a/b')).toBe(
      canonicalUrl('http://example.com/a/b'.replace('http:', 'https:')),
    );
  });
});
