import { describe, expect, it } from 'vitest';

import { rankPassages } from '../../../../../../lib/core/evidence/passages/rank-passages';

describe('rankPassages', () => {
  const claim = 'Justice William O. Douglas served on the Supreme Court from 1939 until his retirement in 1975.';
  const passages = [
    'Douglas loved the outdoors and hiked the Olympic Mountains for decades.',
    'Ruth Bader Ginsburg served on the Supreme Court from 1993 until her death in 2020.',
    'William O. Douglas sat on the Supreme Court from 1939 to 1975, longer than any other justice.',
  ];

  it('puts the passage with the claim’s names and years first', async () => {
    const ranked = await rankPassages(claim, passages);
    expect(ranked.map((r) => r.index)).toEqual([2, 1, 0]);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it('returns [] for no candidates and rejects on an aborted signal', async () => {
    expect(await rankPassages(claim, [])).toEqual([]);
    await expect(rankPassages(claim, passages, { signal: AbortSignal.abort(new Error('stop')) })).rejects.toThrow(
      'stop',
    );
  });

  it('fuses an embedder’s similarities into the ranking', async () => {
    // Embeds the query next to the hiking passage, then Douglas, then Ginsburg.
    const embedder = {
      embed: async (texts: string[]) =>
        texts.map((t, i) => (i === 0 || t.includes('hiked') ? [1, 0] : t.includes('Douglas') ? [0.8, 0.6] : [0, 1])),
    };
    const ranked = await rankPassages(claim, passages, { embedder });
    // Lexical order [2, 1, 0], embedding order [0, 2, 1]: 2 → 1/61 + 1/62, 0 → 1/63 + 1/61, 1 → 1/62 + 1/63.
    expect(ranked.map((r) => r.index)).toEqual([2, 0, 1]);
    expect(ranked[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
  });
});
