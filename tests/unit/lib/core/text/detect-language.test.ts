import { describe, expect, it } from 'vitest';

import { proseWords } from '../../../../../lib/core/text/detect-language';
import { detectLanguage } from '../../../../../lib/core/text/sentences';
import { asciiTexts } from '../../../support/ascii-texts';

describe('detectLanguage', () => {
  it('guesses Latin-script languages from function words and defaults to English', () => {
    expect(detectLanguage('The cat is on the mat and it is happy.')).toBe('en');
    expect(detectLanguage('Le chat est dans la maison et il dort pour la nuit.')).toBe('fr');
    expect(detectLanguage('El gato está en la casa y los perros están en el jardín.')).toBe('es');
    expect(detectLanguage('Der Hund ist nicht im Haus, und die Katze ist auch weg.')).toBe('de');
    expect(detectLanguage('See https://en.wikipedia.org/wiki/Mercury or mail me@example.com today.')).toBe('en');
    expect(detectLanguage('')).toBe('en');
    expect(detectLanguage('12345 !!!')).toBe('en');
  });

  it('tells Chinese from Japanese by kana and reads Persian and Ukrainian letters', () => {
    expect(detectLanguage('北京是中国的首都')).toBe('zh');
    expect(detectLanguage('東京は日本の首都です')).toBe('ja');
    expect(detectLanguage('تهران پایتخت ایران است')).toBe('fa');
    expect(detectLanguage('Київ є столицею України')).toBe('uk');
  });

  it('reads plain ASCII text with ASCII patterns, to the same words the Unicode patterns find', () => {
    // A word beyond ASCII after a space takes the Unicode patterns, and adds only itself.
    for (const text of asciiTexts(400)) expect(proseWords(`${text} été`)).toEqual([...proseWords(text), 'été']);
    expect(proseWords('See HTTPS://X.ORG/a or Mail.COM, then Page.HTML and the END')).toEqual([
      'see',
      'or',
      'then',
      'and',
      'the',
      'end',
    ]);
  });
});
