import { describe, expect, it } from 'vitest';

import { weightedCredibility, weightedVerdict } from '../../../../scripts/eval/weighted-credibility';

describe('reliability-weighted stances (eval only; scoring stays unweighted)', () => {
  it('weighs credibility by source weight over relevant passages', () => {
    expect(
      weightedCredibility([
        { stance: 'supports', weight: 0.9 },
        { stance: 'refutes', weight: 0.1 },
        { stance: 'irrelevant', weight: 1 },
      ]),
    ).toBeCloseTo(0.9);
    expect(weightedCredibility([{ stance: 'partially-supports', weight: 0.5 }])).toBe(0.5);
    expect(weightedCredibility([{ stance: 'irrelevant', weight: 1 }])).toBeNull();
  });

  it('settles mixed evidence by weight and leaves the rest to deriveVerdict', () => {
    expect(
      weightedVerdict([
        { stance: 'supports', weight: 0.9 },
        { stance: 'refutes', weight: 0.2 },
      ]),
    ).toBe('supported');
    expect(
      weightedVerdict([
        { stance: 'supports', weight: 0.2 },
        { stance: 'refutes', weight: 0.9 },
      ]),
    ).toBe('refuted');
    expect(
      weightedVerdict([
        { stance: 'partially-supports', weight: 0.5 },
        { stance: 'refutes', weight: 0.5 },
      ]),
    ).toBe('disputed');
    expect(weightedVerdict([{ stance: 'refutes', weight: 0.01 }])).toBe('refuted');
    expect(weightedVerdict([{ stance: 'irrelevant', weight: 1 }])).toBe('not-enough-evidence');
  });
});
