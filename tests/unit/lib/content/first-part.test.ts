import { describe, expect, it } from 'vitest';

import { firstPartEnd } from '../../../../lib/content/first-part';

describe('the first part of a too-long text', () => {
  it('is the whole text when it is within the limit', () => {
    expect(firstPartEnd('One. Two.', 50)).toBe(9);
  });

  it('ends after the last sentence that ends within the limit', () => {
    const text = 'The tower is 330 m tall. It opened in 1889. It is in Paris.';
    const end = firstPartEnd(text, 50);
    expect(text.slice(0, end)).toBe('The tower is 330 m tall. It opened in 1889.');
  });

  it('keeps a sentence that ends exactly at the limit', () => {
    const text = 'The tower is 330 m tall. It opened in 1889. It is in Paris.';
    expect(firstPartEnd(text, 43)).toBe(43);
  });

  it('cuts 60,000 characters of sentences to at most 50,000, at a sentence end', () => {
    const sentence = 'Sentence number one hundred and twenty says a plain thing about rivers. ';
    const text = sentence.repeat(Math.ceil(60_000 / sentence.length)).slice(0, 60_000);
    const end = firstPartEnd(text, 50_000);
    expect(end).toBeLessThanOrEqual(50_000);
    expect(end).toBeGreaterThan(50_000 - sentence.length);
    expect(text.slice(0, end).endsWith('rivers.')).toBe(true);
  });

  it('cuts one sentence longer than the limit at its last space, else at the limit but not inside an emoji', () => {
    expect(firstPartEnd('aaaa bbbb cccc dddd', 12)).toBe(9);
    expect(firstPartEnd('abcdefghijklmnop', 10)).toBe(10);
    expect(firstPartEnd('abcdefghi😀jklmnop', 10)).toBe(9);
  });
});
