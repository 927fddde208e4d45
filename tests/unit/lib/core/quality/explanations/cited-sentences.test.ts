import { describe, expect, it } from 'vitest';

import {
  citedNumbers,
  citedSentences,
  maskCitations,
  numberedSentences,
} from '../../../../../../lib/core/quality/explanations/cited-sentences';

describe('citation masking', () => {
  it('splits an explanation into sentences and records each sentence’s citations without the markers', () => {
    const sentences = citedSentences(
      'The tower was begun in 1887 [1]. It was completed in 1889 [2][3]. Nobody disputes that.',
      'en',
    );
    expect(sentences).toEqual([
      { text: 'The tower was begun in 1887.', citations: [1] },
      { text: 'It was completed in 1889.', citations: [2, 3] },
      { text: 'Nobody disputes that.', citations: [] },
    ]);
    expect(citedNumbers(sentences)).toEqual([1, 2, 3]);
    expect(numberedSentences(sentences)).toBe(
      '1. The tower was begun in 1887.\n2. It was completed in 1889.\n3. Nobody disputes that.',
    );
  });

  it('gives markers after the full stop to the sentence they follow, and reads comma lists', () => {
    // Intl.Segmenter alone would put "[1]" into the second sentence and cut "[2]" in half.
    const sentences = citedSentences(
      'It was begun in 1887. [1] It stands in Paris.[2] Gov. Scott said so [3, 4][3].',
      'en',
    );
    expect(sentences).toEqual([
      { text: 'It was begun in 1887.', citations: [1] },
      { text: 'It stands in Paris.', citations: [2] },
      { text: 'Gov. Scott said so.', citations: [3, 4] },
    ]);
  });

  it('masks a sentence that is already split off', () => {
    expect(maskCitations('Data shows a rise[9][12], per CBP [4, 5].')).toEqual({
      text: 'Data shows a rise, per CBP.',
      citations: [9, 12, 4, 5],
    });
    expect(maskCitations('No citation here.')).toEqual({ text: 'No citation here.', citations: [] });
    expect(citedSentences('', 'en')).toEqual([]);
  });
});
