import { describe, expect, it } from 'vitest';

import { orderEvidence, splitCitations } from '../../../../lib/view/citations';

describe('citations', () => {
  it('splits [n] markers and maps them to cited evidence', () => {
    expect(splitCitations('Yes [1], no [3].', ['e0', 'e1'])).toEqual([
      { text: 'Yes ' },
      { citation: 1, evidenceId: 'e0' },
      { text: ', no ' },
      { citation: 3 },
      { text: '.' },
    ]);
  });

  it('orders cited evidence first so item n is citation n', () => {
    const ordered = orderEvidence([{ id: 'a' }, { id: 'b' }, { id: 'c' }], ['c', 'a']);
    expect(ordered).toEqual([
      { item: { id: 'c' }, citation: 1 },
      { item: { id: 'a' }, citation: 2 },
      { item: { id: 'b' } },
    ]);
  });
});
