import { describe, expect, it } from 'vitest';

import { httpHref, isHttpUrl } from '../../../../lib/net/http-url';

describe('httpHref', () => {
  it('allows only http(s)', () => {
    expect(httpHref('https://example.org/a b')).toBe('https://example.org/a%20b');
    expect(httpHref('http://example.org')).toBe('http://example.org/');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(httpHref(bad)).toBeUndefined();
      expect(isHttpUrl(bad)).toBe(false);
    }
  });
});
