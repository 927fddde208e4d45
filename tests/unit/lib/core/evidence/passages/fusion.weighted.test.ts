import { describe, expect, it } from 'vitest';

import {
  fuse,
  minMaxNormalize,
  reciprocalRankFusion,
  weightedScoreFusion,
} from '../../../../../../lib/core/evidence/passages/fusion';
import { rankPassages } from '../../../../../../lib/core/evidence/passages/rank-passages';

describe('weighted score fusion', () => {
  it('min-max normalises, a list without spread to zeros', () => {
    expect(minMaxNormalize([2, 4, 3])).toEqual([0, 1, 0.5]);
    expect(minMaxNormalize([5, 5])).toEqual([0, 0]);
    expect(minMaxNormalize([])).toEqual([]);
  });

  it('adds normalised lists with weights', () => {
    // Lexical [0, 1, 0.5], similarity normalised [1, 0, 0.75].
    expect(
      weightedScoreFusion(
        [
          [2, 4, 3],
          [0.9, 0.1, 0.7],
        ],
        [1, 0.4],
      ),
    ).toEqual([0.4, 1, 0.5 + 0.4 * 0.75]);
    expect(weightedScoreFusion([[1, 2]])).toEqual([0, 1]);
  });

  it('fuses by RRF unless asked for the weighted sum', () => {
    const lexical = [2, 4, 3];
    const similarity = [0.9, 0.1, 0.7];
    expect(fuse(lexical, similarity)).toEqual(reciprocalRankFusion([lexical, similarity]));
    expect(fuse(lexical, similarity, { method: 'rrf', k: 10 })).toEqual(
      reciprocalRankFusion([lexical, similarity], 10),
    );
    expect(fuse(lexical, similarity, { method: 'weighted', embeddingWeight: 0.4 })).toEqual(
      weightedScoreFusion([lexical, similarity], [1, 0.4]),
    );
  });
});

describe('rankPassages with weighted fusion', () => {
  const claim = 'Justice William O. Douglas served on the Supreme Court from 1939 until his retirement in 1975.';
  const passages = [
    'Douglas loved the outdoors and hiked the Olympic Mountains for decades.',
    'Ruth Bader Ginsburg served on the Supreme Court from 1993 until her death in 2020.',
    'William O. Douglas sat on the Supreme Court from 1939 to 1975, longer than any other justice.',
  ];
  // Embeds the query next to the hiking passage, then Douglas, then Ginsburg (as in ranking.test.ts).
  const embedder = {
    embed: async (texts: string[]) =>
      texts.map((t, i) => (i === 0 || t.includes('hiked') ? [1, 0] : t.includes('Douglas') ? [0.8, 0.6] : [0, 1])),
  };

  it('lets a small embedding weight break ties but not outvote the lexical lead', async () => {
    const lexical = await rankPassages(claim, passages);
    const small = await rankPassages(claim, passages, {
      embedder,
      fusion: { method: 'weighted', embeddingWeight: 0.3 },
    });
    expect(small.map((r) => r.index)).toEqual(lexical.map((r) => r.index));
    expect(small[0]!.score).toBeCloseTo(1 + 0.3 * 0.8, 12);
    const large = await rankPassages(claim, passages, {
      embedder,
      fusion: { method: 'weighted', embeddingWeight: 10 },
    });
    expect(large.map((r) => r.index)).toEqual([0, 2, 1]);
  });
});
