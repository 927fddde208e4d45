import { describe, expect, it } from 'vitest';

import { BM25_DEFAULTS, bm25Scores, idfTable } from '../../../../../../lib/core/evidence/passages/bm25';

describe('bm25Scores', () => {
  it('matches a hand-computed score', () => {
    // N = 2, df(c) = 1: idf = ln(1 + 1.5/1.5) = ln 2. |d2| = 3, avg 2.5: norm = 1.2 · (0.25 + 0.75 · 1.2) = 1.38.
    const scores = bm25Scores(
      ['c'],
      [
        ['a', 'b'],
        ['a', 'c', 'c'],
      ],
      { params: BM25_DEFAULTS },
    );
    expect(scores[0]).toBe(0);
    expect(scores[1]).toBeCloseTo(Math.log(2) * ((2 * 2.2) / (2 + 1.38)), 10);
  });

  it('counts each distinct query term once', () => {
    const docs = [['x', 'y'], ['z']];
    expect(bm25Scores(['x', 'x', 'x'], docs)).toEqual(bm25Scores(['x'], docs));
  });

  it('flattens IDF with pseudo-documents when there are few documents', () => {
    const docs = [['a', 'c'], ['a'], ['b']];
    const plain = idfTable(docs);
    const smoothed = idfTable(docs, 50);
    expect(plain.get('c')! / plain.get('a')!).toBeGreaterThan(2);
    expect(smoothed.get('c')! / smoothed.get('a')!).toBeLessThan(1.2);
  });
});
