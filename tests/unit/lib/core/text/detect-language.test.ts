import { describe, expect, it } from 'vitest';

import { detectLanguage } from '../../../../../lib/core/text/sentences';

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
});
