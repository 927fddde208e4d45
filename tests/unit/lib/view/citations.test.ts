import { describe, expect, it } from 'vitest';

import { explanationWithListedCitations, orderEvidence, splitCitations } from '../../../../lib/view/citations';

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

  it('keeps only markers whose source is listed, with the space before a dropped one', () => {
    // "The sources confirm this [1][2]." with one source listed reads "… confirm this [1]."
    expect(explanationWithListedCitations('The sources confirm this [1][2].', ['e1', 'e2'], new Set(['e1']))).toBe(
      'The sources confirm this [1].',
    );
    // No listed source: no marker, and no stray space before the full stop.
    expect(explanationWithListedCitations('The sources confirm this [1].', ['e1'], new Set())).toBe(
      'The sources confirm this.',
    );
    // A marker past the cited list points at nothing: dropped too.
    expect(splitCitations('See [3].', ['e1'], new Set(['e1']))).toEqual([{ text: 'See' }, { text: '.' }]);
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
