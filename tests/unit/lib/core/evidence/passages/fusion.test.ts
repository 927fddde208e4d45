import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../../../lib/core/errors';
import {
  cosine,
  embeddingScores,
  ranksOf,
  reciprocalRankFusion,
} from '../../../../../../lib/core/evidence/passages/fusion';

describe('fusion', () => {
  it('ranks with ties sharing a rank, and fuses by reciprocal rank', () => {
    expect(ranksOf([3, 1, 3, 0])).toEqual([0, 2, 0, 3]);
    const [a, b] = reciprocalRankFusion([
      [2, 1],
      [1, 2],
    ]);
    expect(a).toBeCloseTo(b!, 12);
    expect(
      reciprocalRankFusion([
        [2, 1, 0],
        [0, 2, 1],
      ]),
    ).toEqual([1 / 61 + 1 / 63, 1 / 62 + 1 / 61, 1 / 63 + 1 / 62]);
  });

  it('computes cosine similarity, 0 for a zero vector', () => {
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 1], [2, 2])).toBeCloseTo(1, 12);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });
});

describe('embeddingScores', () => {
  it('says an embedder that answers the wrong number of vectors as a code, worded when shown', async () => {
    const embedder = {
      embed: async () => [
        [1, 0],
        [0, 1],
      ],
    };
    const scores = embeddingScores(embedder, 'query', ['one', 'two']);
    await expect(scores).rejects.toBeInstanceOf(ProviderError);
    await expect(scores).rejects.toMatchObject({
      kind: 'malformed',
      notice: { code: 'embeddings-miscounted', got: 2, expected: 3 },
      message: 'The embedder returned the wrong number of embeddings: 2, expected 3.',
    });
  });
});
