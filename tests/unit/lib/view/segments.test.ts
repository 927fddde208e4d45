import { describe, expect, it } from 'vitest';

import { segmentRange, worstBand } from '../../../../lib/view/segments';

describe('segmentRange', () => {
  it('cuts overlapping spans into non-overlapping segments, worst band first', () => {
    const segments = segmentRange({ start: 0, end: 20 }, [
      { claimId: 'a', start: 0, end: 12, band: 'green' },
      { claimId: 'b', start: 5, end: 20, band: 'red' },
    ]);
    expect(segments).toEqual([
      { start: 0, end: 5, claimIds: ['a'], band: 'green', endsClaim: false },
      { start: 5, end: 12, claimIds: ['b', 'a'], band: 'red', endsClaim: true },
      { start: 12, end: 20, claimIds: ['b'], band: 'red', endsClaim: true },
    ]);
  });

  it('keeps plain text between claims and clamps spans to the sentence', () => {
    const segments = segmentRange({ start: 10, end: 30 }, [{ claimId: 'a', start: 15, end: 99, band: 'orange' }]);
    expect(segments.map((s) => [s.start, s.end, s.band ?? null])).toEqual([
      [10, 15, null],
      [15, 30, 'orange'],
    ]);
  });

  it('ranks unknown above green and grey lowest', () => {
    expect(worstBand(['green', 'unknown'])).toBe('unknown');
    expect(worstBand(['grey', 'green'])).toBe('green');
    expect(worstBand(['orange', 'red', 'unknown'])).toBe('red');
  });
});
