import { describe, expect, it } from 'vitest';

import { keyTerms, queryFor, tripleFor } from '../../../../../lib/core/evidence-only/key-terms';

describe('queries from key terms', () => {
  it('keeps names, numbers and content words in the sentence order, in its language', () => {
    expect(queryFor('The Eiffel Tower was completed in 1889 in Paris.', 'en')).toBe(
      'Eiffel Tower completed 1889 Paris',
    );
    expect(queryFor('La Torre Eiffel fue inaugurada en 1889 en París.', 'es')).toBe(
      'Torre Eiffel inaugurada 1889 París',
    );
  });

  it('splits Japanese into words with Intl.Segmenter and drops particles', () => {
    expect(queryFor('エッフェル塔は1889年に完成した。', 'ja')).toBe('エッフェル塔 1889 年 完成');
  });

  it('keeps at most eight terms, names and numbers first', () => {
    const terms = keyTerms(
      'In 1969 Neil Armstrong and Buzz Aldrin walked across the dusty lunar surface collecting geological samples carefully near Tranquility Base.',
      'en',
    );
    expect(terms.length).toBeLessThanOrEqual(8);
    expect(terms).toEqual(
      expect.arrayContaining(['1969', 'Neil', 'Armstrong', 'Buzz', 'Aldrin', 'Tranquility', 'Base']),
    );
  });

  it('builds a fact triple from the first names, the other terms and the numbers', () => {
    expect(tripleFor('The Eiffel Tower is 330 metres tall.', 'en')).toEqual({
      subject: 'Eiffel Tower',
      predicate: 'metres tall',
      object: '330',
    });
    expect(tripleFor('It is 330 metres tall.', 'en')).toBeUndefined();
  });
});
