import { describe, expect, it } from 'vitest';

import { attributionResult, f1 } from '../../../../../../lib/core/quality/explanations/attribution-metrics';

describe('attribution metrics', () => {
  const sentences = [
    { text: 'a', citations: [1, 2] },
    { text: 'b', citations: [3] },
    { text: 'c', citations: [] },
  ];

  it('flags a citation whose passage was not recovered for its sentence', () => {
    const result = attributionResult(sentences, [
      { sentenceIndex: 0, citation: 1 },
      { sentenceIndex: 1, citation: 3 },
    ]);
    expect(result.citations).toEqual([
      { sentenceIndex: 0, citation: 1, supported: true },
      { sentenceIndex: 0, citation: 2, supported: false },
      { sentenceIndex: 1, citation: 3, supported: true },
    ]);
    expect(result).toMatchObject({ precision: 2 / 3, recall: 1, f1: 0.8 });
  });

  it('counts recovered pairs the explanation did not cite against recall', () => {
    // Passage 2 recovered for sentence c (not cited there) and passage 3 for sentence a (cited in b).
    const result = attributionResult(sentences, [
      { sentenceIndex: 0, citation: 1 },
      { sentenceIndex: 0, citation: 2 },
      { sentenceIndex: 2, citation: 2 },
      { sentenceIndex: 0, citation: 3 },
      { sentenceIndex: 0, citation: 1 }, // duplicate, counted once
    ]);
    expect(result.recovered).toHaveLength(4);
    expect(result.precision).toBeCloseTo(2 / 3);
    expect(result.recall).toBeCloseTo(2 / 4);
    expect(result.f1).toBeCloseTo(f1(2 / 3, 1 / 2));
    expect(f1(2 / 3, 1 / 2)).toBeCloseTo(4 / 7);
  });

  it('is null without citations and 0 when nothing was recovered', () => {
    expect(attributionResult([{ text: 'a', citations: [] }], [{ sentenceIndex: 0, citation: 1 }])).toEqual({
      citations: [],
      precision: null,
      recall: null,
      f1: null,
      recovered: [{ sentenceIndex: 0, citation: 1 }],
    });
    expect(attributionResult(sentences, [])).toMatchObject({ precision: 0, recall: 0, f1: 0 });
    expect(f1(0, 0)).toBe(0);
  });
});
