/** Cleaning cited URLs: schemes, tracking parameters, `#:~:text=` directives. Pure, no DOM. */
import { describe, expect, it } from 'vitest';

import { cleanCitedUrl, quoteFromTextDirective, splitTextDirective } from '../../../../lib/sites/cited-url';

const BASE = 'https://chatgpt.com/c/1';

describe('cleanCitedUrl', () => {
  it('strips utm_* and click ids but keeps other parameters untouched', () => {
    expect(cleanCitedUrl('https://www.epa.gov/guide?utm_source=chatgpt.com', BASE)).toEqual({
      url: 'https://www.epa.gov/guide',
    });
    expect(cleanCitedUrl('https://x.example/a?id=1&utm_medium=x&fbclid=2&q=a%20b', BASE)).toEqual({
      url: 'https://x.example/a?id=1&q=a+b',
    });
    // Nothing removed: the query is not re-encoded.
    expect(cleanCitedUrl('https://x.example/a?q=a%20b', BASE)).toEqual({ url: 'https://x.example/a?q=a%20b' });
  });

  it('keeps http(s) only and resolves relative URLs against the page', () => {
    expect(cleanCitedUrl('javascript:alert(1)', BASE)).toBeNull();
    expect(cleanCitedUrl('mailto:a@b.c', BASE)).toBeNull();
    expect(cleanCitedUrl('data:text/html,hi', BASE)).toBeNull();
    expect(cleanCitedUrl('http://[bad', BASE)).toBeNull();
    expect(cleanCitedUrl('/share/abc', BASE)).toEqual({ url: 'https://chatgpt.com/share/abc' });
  });

  it('moves a text directive into the quote and keeps an ordinary fragment', () => {
    expect(
      cleanCitedUrl(
        'https://help.openai.com/en/articles/9260256#:~:text=It%20understands%20natural%20language%20and,2%20Learn%20more',
        BASE,
      ),
    ).toEqual({
      url: 'https://help.openai.com/en/articles/9260256',
      quote: 'It understands natural language and … 2 Learn more',
    });
    expect(cleanCitedUrl('https://a.example/p#section:~:text=exact%20words', BASE)).toEqual({
      url: 'https://a.example/p#section',
      quote: 'exact words',
    });
    expect(cleanCitedUrl('https://a.example/p#top', BASE)).toEqual({ url: 'https://a.example/p#top' });
  });
});

describe('text directives', () => {
  it('drops prefix- and -suffix context terms and joins a range with an ellipsis', () => {
    expect(quoteFromTextDirective('an%20example-,the%20quote,-after')).toBe('the quote');
    expect(quoteFromTextDirective('start,end')).toBe('start … end');
    expect(quoteFromTextDirective('GPT%E2%80%914%20can')).toBe('GPT‑4 can');
  });

  it('tolerates the malformed values ChatGPT writes and bad escapes', () => {
    expect(quoteFromTextDirective(',concepts')).toBe('concepts');
    expect(quoteFromTextDirective('100%')).toBe('100%');
    expect(quoteFromTextDirective('')).toBeUndefined();
  });

  it('uses the first text= directive among several', () => {
    expect(splitTextDirective('#:~:text=one&text=two')).toEqual({ hash: '', quote: 'one' });
    expect(splitTextDirective('#:~:note=x')).toEqual({ hash: '' });
    expect(splitTextDirective('#plain')).toEqual({ hash: '#plain' });
  });
});
