import { describe, expect, it } from 'vitest';

import { queryWords, searchWordsFor, wordPattern } from '../../../../lib/db/search-words';
import { asciiTexts } from '../../support/ascii-texts';

const words = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[0]);

describe('search words', () => {
  it('reads plain ASCII text with the ASCII pattern, to the same words as the Unicode pattern', () => {
    const unicode = wordPattern('é');
    expect(unicode.unicode).toBe(true);
    expect(wordPattern('plain text').unicode).toBe(false);
    for (const text of asciiTexts(400)) {
      expect(words(text, wordPattern(text))).toEqual(words(text, unicode));
      expect(words(text.toLowerCase(), wordPattern(text))).toEqual(words(text.toLowerCase(), unicode));
    }
  });

  it('finds words of any script, with their accents and inner apostrophes', () => {
    expect(searchWordsFor('Café São Paulo: l’été à Zürich, 北京 and Київ.')).toEqual([
      'café',
      'são',
      'paulo',
      'l’été',
      'zürich',
      '北京',
      'and',
      'київ',
    ]);
  });

  it('indexes the site, its parts, the title and the text, lower-cased, without one-letter words', () => {
    expect(searchWordsFor("The Tower isn't 330 m tall.", 'A Story', 'news.example.com')).toEqual([
      'news.example.com',
      'news',
      'example',
      'com',
      'story',
      'the',
      'tower',
      "isn't",
      '330',
      'tall',
    ]);
    expect(queryWords('Tower e.g. 1889')).toEqual(['tower', 'e.g.', '1889']);
  });
});
