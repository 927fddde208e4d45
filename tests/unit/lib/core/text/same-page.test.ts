import { describe, expect, it } from 'vitest';

import { isSamePage } from '../../../../../lib/core/text/same-page';

describe('isSamePage', () => {
  it('is the same page whatever the fragment, and another page for any other origin, path or query', () => {
    expect(isSamePage('https://news.example/a?id=1#top', 'https://news.example/a?id=1')).toBe(true);
    expect(isSamePage('https://evil.example/a?id=1', 'https://news.example/a?id=1')).toBe(false);
    expect(isSamePage('https://news.example/b?id=1', 'https://news.example/a?id=1')).toBe(false);
    expect(isSamePage('https://news.example/a?id=2', 'https://news.example/a?id=1')).toBe(false);
    expect(isSamePage('http://news.example/a?id=1', 'https://news.example/a?id=1')).toBe(false);
  });

  it('is never the same page when either address is missing or unreadable', () => {
    expect(isSamePage(undefined, 'https://news.example/')).toBe(false);
    expect(isSamePage('https://news.example/', undefined)).toBe(false);
    expect(isSamePage('not a url', 'not a url')).toBe(false);
  });
});
