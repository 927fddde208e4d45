import { describe, expect, it } from 'vitest';

import { fnv1a, stableHash, stableStringify } from '../../../../../lib/core/model/stable-hash';

describe('stableHash', () => {
  it('ignores key order and undefined members, like JSON', () => {
    expect(stableStringify({ b: 1, a: { d: [1, undefined], c: 'x' }, u: undefined })).toBe(
      '{"a":{"c":"x","d":[1,null]},"b":1}',
    );
    expect(stableHash({ b: 1, a: 2 })).toBe(stableHash({ a: 2, b: 1 }));
  });

  it('gives a 28-hex-digit digest that changes with any value', () => {
    const base = stableHash({ messages: [{ role: 'user', content: 'a' }] });
    expect(base).toMatch(/^[0-9a-f]{28}$/);
    expect(stableHash({ messages: [{ role: 'user', content: 'b' }] })).not.toBe(base);
    expect(stableHash({ messages: [{ role: 'user', content: 'a' }] })).toBe(base);
  });
});

describe('fnv1a', () => {
  it('matches the published 32-bit FNV-1a test vectors', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});
