import { describe, expect, it } from 'vitest';

import {
  asConstants,
  crossValidatedWeights,
  type FitItem,
  fitListwise,
  foldOf,
} from '../../../../scripts/eval/passage-weights';

/** Items where feature 0 marks the relevant candidate, feature 1 marks an irrelevant one, feature 2 is noise. */
function synthetic(count: number): Array<FitItem & { id: string }> {
  return Array.from({ length: count }, (_, n) => ({
    id: `item-${n}`,
    features: [
      [1, 0, (n * 7) % 3],
      [0, 1, (n * 5) % 3],
      [0, 0, (n * 3) % 3],
    ],
    relevant: new Set([0]),
  }));
}

describe('fitListwise', () => {
  it('learns a positive weight for what marks relevant candidates and a negative one for what marks irrelevant ones', () => {
    const w = fitListwise(synthetic(30));
    expect(w[0]).toBeGreaterThan(1);
    expect(w[1]).toBeLessThan(-0.5);
    expect(Math.abs(w[2]!)).toBeLessThan(Math.abs(w[0]!));
  });

  it('shrinks the weights with a stronger L2 penalty', () => {
    const weak = fitListwise(synthetic(30), { l2: 0.001 });
    const strong = fitListwise(synthetic(30), { l2: 1 });
    expect(Math.abs(strong[0]!)).toBeLessThan(Math.abs(weak[0]!));
  });

  it('ignores items whose candidates are all relevant or all irrelevant', () => {
    const uninformative: FitItem[] = [
      {
        features: [
          [5, 0],
          [0, 5],
        ],
        relevant: new Set([0, 1]),
      },
      {
        features: [
          [5, 0],
          [0, 5],
        ],
        relevant: new Set(),
      },
    ];
    expect(fitListwise(uninformative)).toEqual([0, 0]);
    const informative: FitItem = {
      features: [
        [1, 0],
        [0, 1],
      ],
      relevant: new Set([1]),
    };
    expect(fitListwise([...uninformative, informative])).toEqual(fitListwise([informative]));
  });
});

describe('crossValidatedWeights', () => {
  it('scores each item with weights fitted without its fold', () => {
    const items = synthetic(20);
    // Make fold 0 contradict the others, so leaving it out or not changes the fit.
    for (const item of items) if (foldOf(item.id, 5) === 0) item.relevant = new Set([1]);
    const perItem = crossValidatedWeights(items, 5);
    items.forEach((item, i) => {
      const fold = foldOf(item.id, 5);
      expect(perItem[i]).toEqual(fitListwise(items.filter((other) => foldOf(other.id, 5) !== fold)));
    });
    const foldZero = items.findIndex((item) => foldOf(item.id, 5) === 0);
    const other = items.findIndex((item) => foldOf(item.id, 5) !== 0);
    expect(foldZero).toBeGreaterThanOrEqual(0);
    expect(perItem[foldZero]).not.toEqual(perItem[other]);
  });

  it('assigns folds by id, deterministically and all of them', () => {
    expect(foldOf('fcb-0001', 5)).toBe(foldOf('fcb-0001', 5));
    const used = new Set(Array.from({ length: 100 }, (_, n) => foldOf(`fcb-${n}`, 5)));
    expect([...used].sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('asConstants', () => {
  it('divides by the first weight and rounds', () => {
    expect(asConstants([2, 1.4444, 0.5])).toEqual([1, 0.72, 0.25]);
    expect(asConstants([0, 1])).toEqual([0, 1]);
  });
});
