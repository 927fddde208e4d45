import { describe, expect, it } from 'vitest';

import { normalizeNumber, stem, tokenize } from '../../../../../../lib/core/evidence/passages/tokenize';

describe('tokenize', () => {
  it('lowercases, drops stopwords and stems plurals', () => {
    expect(tokenize('When did the Justices retire? The studies of batches')).toEqual([
      'justice',
      'retire',
      'study',
      'batch',
    ]);
  });

  it('reads numbers as numbers, whatever the separators and digit width', () => {
    expect(tokenize('1,400 people, 2.962 m, 3,5 Prozent, 3.5 percent, １９８０, COVID-19')).toEqual([
      '1400',
      'people',
      '2962',
      'm',
      '3.5',
      'prozent',
      '3.5',
      'percent',
      '1980',
      'covid',
      '19',
    ]);
    expect(normalizeNumber('1,234,567')).toBe('1234567');
    expect(normalizeNumber('12,34')).toBe('12.34');
  });

  it('keeps non-English words whole, with their diacritics', () => {
    expect(tokenize('Der höchste Berg Österreichs: Großglockner')).toEqual([
      'der',
      'höchste',
      'berg',
      'österreichs',
      'großglockner',
    ]);
    expect(tokenize('Māori')).toEqual(['māori']);
  });

  it('turns scripts without spaces into character bigrams, numbers apart', () => {
    expect(tokenize('長江全長約6300公里')).toEqual(['長江', '江全', '全長', '長約', '6300', '公里']);
    expect(tokenize('東京は首都。')).toEqual(['東京', '京は', 'は首', '首都']);
    expect(tokenize('一')).toEqual(['一']);
    expect(tokenize('フリーWi-Fi')).toEqual(['フリ', 'リー', 'wi', 'fi']);
  });

  it('stems only longer ASCII words and leaves -ss/-us/-is endings alone', () => {
    expect(stem('cats')).toBe('cats');
    expect(stem('parties')).toBe('party');
    expect(stem('glass')).toBe('glass');
    expect(stem('virus')).toBe('virus');
    expect(stem('analysis')).toBe('analysis');
    expect(stem('häuser')).toBe('häuser');
  });
});
