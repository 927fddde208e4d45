import { describe, expect, it } from 'vitest';

import { ndcgAt, precisionAt1, reciprocalRank, summarize } from '../../../../scripts/eval/ranking-metrics';

describe('ranking metrics (hand-computed)', () => {
  const one = new Set([0]);
  const two = new Set([0, 1]);

  it('P@1', () => {
    expect(precisionAt1([0, 1, 2], one)).toBe(1);
    expect(precisionAt1([2, 0, 1], one)).toBe(0);
    expect(precisionAt1([], one)).toBe(0);
  });

  it('reciprocal rank', () => {
    expect(reciprocalRank([2, 0, 1], one)).toBe(0.5);
    expect(reciprocalRank([2, 3, 4, 1], two)).toBe(0.25);
    expect(reciprocalRank([2, 3], one)).toBe(0);
  });

  it('nDCG@5 with binary gains', () => {
    // One relevant at rank 2: (1 / log2 3) / 1.
    expect(ndcgAt(5, [2, 0, 1], one)).toBeCloseTo(0.6309297536, 9);
    // Two relevant at ranks 2 and 3: (1/log2 3 + 1/log2 4) / (1 + 1/log2 3) = 1.1309297536 / 1.6309297536.
    expect(ndcgAt(5, [2, 0, 1], two)).toBeCloseTo(0.6934264036, 9);
    // Only the top 5 count: a relevant passage at rank 6 adds nothing.
    expect(ndcgAt(5, [9, 8, 7, 6, 5, 0], one)).toBe(0);
    expect(ndcgAt(5, [0, 1], two)).toBe(1);
  });

  it('averages over items with a relevant candidate only', () => {
    const summary = summarize([
      { ranking: [0, 1], relevant: [0] },
      { ranking: [1, 0], relevant: [0] },
      { ranking: [1, 0], relevant: [] },
    ]);
    expect(summary).toEqual({ items: 2, skipped: 1, p1: 0.5, mrr: 0.75, ndcg5: (1 + 1 / Math.log2(3)) / 2 });
  });
});
