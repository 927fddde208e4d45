import { describe, expect, it } from 'vitest';

import { segmentsOf, sentenceSegmenter } from '../../../../../lib/core/text/sentence-segmenter';
import factcheckBench from '../../../../fixtures/text/factcheck-bench-sentences.json';

describe('sentenceSegmenter', () => {
  it('returns one cached segmenter per language and survives an invalid tag', () => {
    expect(sentenceSegmenter('en')).toBe(sentenceSegmenter('en'));
    expect(sentenceSegmenter(undefined)).toBe(sentenceSegmenter(undefined));
    expect([...sentenceSegmenter('not a tag!').segment('One. Two.')].map((s) => s.segment)).toEqual(['One. ', 'Two.']);
  });
});

describe('segmentsOf', () => {
  it('gives the same segments as one Intl.Segmenter call on a paragraph many windows long', () => {
    const paragraph = factcheckBench.responses.map((r) => r.response.replace(/\s+/g, ' ').trim()).join(' ');
    expect(paragraph.length).toBeGreaterThan(10_000);
    const segmenter = sentenceSegmenter('en');
    const once = [...segmenter.segment(paragraph)].map(({ index, segment }) => ({ index, segment }));
    expect([...segmentsOf(segmenter, paragraph)]).toEqual(once);
  });

  it('yields nothing for empty text and one segment for text without a boundary', () => {
    const segmenter = sentenceSegmenter('en');
    expect([...segmentsOf(segmenter, '')]).toEqual([]);
    expect([...segmentsOf(segmenter, 'a'.repeat(10_000))]).toEqual([{ index: 0, segment: 'a'.repeat(10_000) }]);
  });
});
