import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import {
  buildTextFragment,
  encodeFragmentTerm,
  formatTextDirective,
  matchTextFragment,
  normaliseForMatching,
  withTextFragment,
} from '../../../../../lib/core/text/build-text-fragment';
import { parseTextFragment } from '../../../../../lib/core/text/text-fragment';
import { measurePage } from '../../../../../scripts/eval/text-fragment-pages';

const page = (name: string, file: string) =>
  readFileSync(new URL(`../../../../fixtures/readability-pages/${name}/${file}`, import.meta.url), 'utf8');

describe('text fragment syntax', () => {
  it('percent-encodes the directive delimiters and everything outside the explicit characters', () => {
    expect(encodeFragmentTerm('well-known, 50% & more')).toBe('well%2Dknown%2C%2050%25%20%26%20more');
    expect(encodeFragmentTerm("it's (a) test.")).toBe("it's%20(a)%20test.");
    expect(encodeFragmentTerm('Köln – 2024')).toBe('K%C3%B6ln%20%E2%80%93%202024');
    expect(formatTextDirective({ prefix: 'an-x', start: 'a', end: 'b,c', suffix: 'd' })).toBe(
      'text=an%2Dx-,a,b%2Cc,-d',
    );
  });

  it('round-trips through our own parser and keeps an element id', () => {
    const fragment = { prefix: 'see', start: 'the cat-flap, shut', end: 'at 5 & 6', suffix: 'today' };
    const url = withTextFragment('https://example.com/a?q=1#section', fragment);
    expect(url).toBe(
      'https://example.com/a?q=1#section:~:text=see-,the%20cat%2Dflap%2C%20shut,at%205%20%26%206,-today',
    );
    expect(parseTextFragment(url)).toEqual(fragment);
    expect(withTextFragment('https://example.com/#:~:text=old', { start: 'new' })).toBe(
      'https://example.com/#:~:text=new',
    );
    expect(new URL(url).hash).toBe(url.slice(url.indexOf('#')));
  });
});

describe('matching as a browser does', () => {
  const text = normaliseForMatching('The cat sat.  The CAT sat on the mat.\n\nA category of cats. The cat sat.');
  it('is case-insensitive, word-bounded and counts every match', () => {
    expect(matchTextFragment(text, { start: 'the cat sat' })).toHaveLength(3);
    expect(matchTextFragment(text, { start: 'cat' })).toHaveLength(3); // not "category", not "cats"
    expect(matchTextFragment(text, { start: 'the cat sat', suffix: 'on the mat' })).toHaveLength(1);
    expect(matchTextFragment(text, { prefix: 'of cats.', start: 'the cat sat' })).toHaveLength(1);
    expect(matchTextFragment(text, { start: 'the cat', end: 'mat' })).toHaveLength(2);
  });
  it('never matches a term across a paragraph break', () => {
    expect(matchTextFragment(text, { start: 'mat. a category' })).toHaveLength(0);
  });
});

describe('building a fragment for a sentence', () => {
  it('quotes a short sentence whole, a long one as a range, and adds context when it repeats', () => {
    const text =
      'Intro line here.\n\nPrices rose sharply. The committee met on Monday and decided, after a long and heated debate, to raise the rate by half a point. Prices rose sharply.\n\nEnd.';
    const short = text.indexOf('Prices rose sharply.');
    expect(buildTextFragment(text, short, short + 'Prices rose sharply.'.length)).toEqual({
      start: 'Prices rose sharply.',
      suffix: 'The',
    });
    const long = text.indexOf('The committee');
    const end = text.indexOf('point.') + 'point.'.length;
    expect(buildTextFragment(text, long, end)).toEqual({ start: 'The committee met on', end: 'by half a point.' });
    const last = text.lastIndexOf('Prices rose sharply.');
    const fragment = buildTextFragment(text, last, last + 20)!;
    expect(fragment.prefix).toBe('point.');
    expect(matchTextFragment(normaliseForMatching(text), fragment)).toHaveLength(1);
  });

  it('matches exactly once for at least 95% of the sentences of real article pages', () => {
    let passages = 0;
    let unique = 0;
    for (const name of ['aclu', 'cnn', 'theverge', 'wikipedia-3']) {
      const result = measurePage(page(name, 'source.html'), page(name, 'expected.html'));
      expect(result.passages, name).toBeGreaterThan(10);
      passages += result.passages;
      unique += result.unique;
    }
    expect(unique / passages).toBeGreaterThanOrEqual(0.95);
    expect(passages).toBeGreaterThan(150);
  });
});
