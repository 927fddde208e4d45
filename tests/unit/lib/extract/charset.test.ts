import { describe, expect, it } from 'vitest';

import { charsetFromContentType, charsetFromMeta, decodeHtml } from '../../../../lib/extract/charset';

describe('charsets', () => {
  it("finds the charset in the header, then in <meta>, and fixes Node's windows-1252", () => {
    expect(charsetFromContentType('text/html; charset="ISO-8859-1"')).toBe('iso-8859-1');
    expect(charsetFromMeta(new TextEncoder().encode('<head><meta charset=euc-kr></head>'))).toBe('euc-kr');
    expect(decodeHtml(Uint8Array.from([0x93, 0x68, 0x69, 0x94, 0x20, 0x80]), 'text/html; charset=iso-8859-1')).toBe(
      '“hi” €',
    );
    expect(decodeHtml(Uint8Array.from([0xef, 0xbb, 0xbf, 0xc3, 0xa9]), 'text/html; charset=iso-8859-1')).toBe('é'); // the BOM wins
    expect(decodeHtml(new TextEncoder().encode('plain'), 'text/html; charset=no-such-charset')).toBe('plain');
  });
});
