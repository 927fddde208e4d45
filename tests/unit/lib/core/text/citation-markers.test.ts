import { describe, expect, it } from 'vitest';

import { citationNumbers, renumberCitations } from '../../../../../lib/core/text/citation-markers';

describe('citation markers', () => {
  it('reads the numbers of a comma list', () => {
    expect(citationNumbers('3, 4,5')).toEqual([3, 4, 5]);
  });

  it('renumbers single markers and every number of a list, removing a marker left empty', () => {
    const text = 'One [1] and two [1, 2][3] then none [9, 8].';
    expect(renumberCitations(text, (n) => (n < 4 ? n * 10 : undefined))).toBe(
      'One [10] and two [10, 20][30] then none.',
    );
    expect(renumberCitations('Kept [2,9] only.', (n) => (n === 2 ? n : undefined))).toBe('Kept [2] only.');
  });
});
