/** The pure parts of the Wikidata lookup: predicate matching. */
import { describe, expect, it } from 'vitest';

import { createMatcher, related, words } from '../../../../lib/search/wikidata-match';

describe('wikidata matching', () => {
  it('splits words without accents and filler words, and relates stems but not numbers', () => {
    expect(words('Est née à Varsovie, le 7 novembre')).toEqual(['nee', 'varsovie', '7', 'novembre']);
    expect(related('founded', 'founding')).toBe(true);
    expect(related('metres', 'metre')).toBe(true);
    expect(related('populated', 'population')).toBe(true);
    expect(related('born', 'birth')).toBe(false);
    expect(related('2145906', '2145934')).toBe(false);
  });

  it('scores synonym hints, label words and object words', () => {
    const matcher = createMatcher({ subject: 'Marie Curie', predicate: 'was born in', object: 'Warsaw, Poland' });
    expect(matcher.hinted('P19')).toBe(true);
    expect(matcher.hinted('P570')).toBe(false);
    expect(matcher.property('P19', 'place of birth')).toBe(3);
    expect(matcher.property('P27', 'country of citizenship')).toBe(0);
    expect(matcher.value('Warsaw')).toBe(1);
    expect(
      createMatcher({ subject: 'X', predicate: 'date of birth', object: '' }).property('P569', 'date of birth'),
    ).toBe(7);
  });
});
