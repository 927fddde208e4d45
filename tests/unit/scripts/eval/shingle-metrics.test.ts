/**
 * The article-extraction-benchmark metric on cases small enough to compute by hand. The expected tokens
 * for the Unicode case are what Python's `re.findall(r'\w+', …)` returns (checked with CPython 3).
 */
import { describe, expect, it } from 'vitest';

import { corpusScores, pageCounts, shingleCounts, tokenize } from '../../../../scripts/eval/shingle-metrics';

describe('shingle metrics', () => {
  it("tokenizes like Python's Unicode \\w+ (letters, numbers, underscore; not combining marks)", () => {
    expect(tokenize('Hello, world! Ça va? 日本語 x_y')).toEqual(['Hello', 'world', 'Ça', 'va', '日本語', 'x_y']);
    // Devanagari vowel signs and viramas are marks, not word characters, so Python splits there.
    expect(tokenize('नमस्ते ² ½ ٣')).toEqual(['नमस', 'त', '²', '½', '٣']);
    expect(tokenize(' -- ')).toEqual([]);
  });

  it('counts 4-token shingles, one short shingle for 1–3 tokens, none for no tokens', () => {
    expect([...shingleCounts('a b c d e a b c d')]).toEqual([
      ['a b c d', 2],
      ['b c d e', 1],
      ['c d e a', 1],
      ['d e a b', 1],
      ['e a b c', 1],
    ]);
    expect([...shingleCounts('a b')]).toEqual([['a b', 1]]);
    expect(shingleCounts('').size).toBe(0);
  });

  it('normalises per-page counts to sum to 1', () => {
    // truth {abcd, bcde}, prediction {abcd}: tp 1, fp 0, fn 1.
    expect(pageCounts('a b c d e', 'a b c d')).toEqual({ tp: 0.5, fp: 0, fn: 0.5 });
    // truth {abcd}, prediction {abcd, bcdx, cdxy}: tp 1, fp 2, fn 0.
    const counts = pageCounts('a b c d', 'a b c d x y');
    expect(counts.tp).toBeCloseTo(1 / 3);
    expect(counts.fp).toBeCloseTo(2 / 3);
    expect(counts.fn).toBe(0);
    // Multisets: truth {abcd ×2, bcda, cdab, dabc}, prediction {abcd}: tp 1, fn 4 (abcd once, three others).
    expect(pageCounts('a b c d a b c d', 'a b c d')).toEqual({ tp: 0.2, fp: 0, fn: 0.8 });
    expect(pageCounts('', '')).toEqual({ tp: 0, fp: 0, fn: 0 });
  });

  it('averages precision and recall over pages and takes F1 of the means', () => {
    const scores = corpusScores([
      { tp: 0.5, fp: 0, fn: 0.5 }, // precision 1, recall 0.5
      { tp: 0.25, fp: 0.75, fn: 0 }, // precision 0.25, recall 1
      { tp: 0, fp: 0, fn: 1 }, // nothing predicted: no precision, recall 0
      { tp: 0, fp: 0, fn: 0 }, // both empty: counted nowhere
    ]);
    expect(scores.precision).toBeCloseTo((1 + 0.25) / 2);
    expect(scores.recall).toBeCloseTo((0.5 + 1 + 0) / 3);
    expect(scores.f1).toBeCloseTo((2 * 0.625 * 0.5) / (0.625 + 0.5));
  });
});
