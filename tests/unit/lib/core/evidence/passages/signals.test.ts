import { describe, expect, it } from 'vitest';

import { entityTerms, numberTerms } from '../../../../../../lib/core/evidence/passages/signals';

describe('signals', () => {
  it('extracts numbers and names of a claim', () => {
    expect(numberTerms('In 1980, 1,400 of the 9 justices')).toEqual(['1980', '1400', '9']);
    expect(entityTerms('In 1980, the oldest justice was William O. Douglas of the NAACP. Then he left.')).toEqual([
      'william',
      'o',
      'dougla',
      'naacp',
    ]);
    expect(entityTerms('長江全長6300公里')).toEqual([]);
  });
});
