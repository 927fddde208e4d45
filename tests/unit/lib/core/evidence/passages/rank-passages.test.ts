import { describe, expect, it } from 'vitest';
import { BM25_DEFAULTS, bm25Scores, idfTable } from '../../../../../../lib/core/evidence/passages/bm25';
import { cosine, ranksOf, reciprocalRankFusion } from '../../../../../../lib/core/evidence/passages/fusion';
import { rankPassages } from '../../../../../../lib/core/evidence/passages/rank-passages';
import { entityTerms, numberTerms } from '../../../../../../lib/core/evidence/passages/signals';

describe('bm25Scores', () => {
  it('matches a hand-computed score', () => {
    // N = 2, df(c) = 1: idf = ln(1 + 1.5/1.5) = ln 2. |d2| = 3, avg 2.5: norm = 1.2 · (0.25 + 0.75 · 1.2) = 1.38.
    const scores = bm25Scores(['c'], [['a', 'b'], ['a', 'c', 'c']], { params: BM25_DEFAULTS });
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

describe('signals', () => {
  it('extracts numbers and names of a claim', () => {
    expect(numberTerms('In 1980, 1,400 of the 9 justices')).toEqual(['1980', '1400', '9']);
    expect(entityTerms('In 1980, the oldest justice was William O. Douglas of the NAACP. Then he left.')).toEqual(['william', 'o', 'dougla', 'naacp']);
    expect(entityTerms('長江全長6300公里')).toEqual([]);
  });
});

describe('fusion', () => {
  it('ranks with ties sharing a rank, and fuses by reciprocal rank', () => {
    expect(ranksOf([3, 1, 3, 0])).toEqual([0, 2, 0, 3]);
    const [a, b] = reciprocalRankFusion([[2, 1], [1, 2]]);
    expect(a).toBeCloseTo(b!, 12);
    expect(reciprocalRankFusion([[2, 1, 0], [0, 2, 1]])).toEqual([1 / 61 + 1 / 63, 1 / 62 + 1 / 61, 1 / 63 + 1 / 62]);
  });

  it('computes cosine similarity, 0 for a zero vector', () => {
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 1], [2, 2])).toBeCloseTo(1, 12);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });
});

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
    await expect(rankPassages(claim, passages, { signal: AbortSignal.abort(new Error('stop')) })).rejects.toThrow('stop');
  });

  it('fuses an embedder’s similarities into the ranking', async () => {
    // Embeds the query next to the hiking passage, then Douglas, then Ginsburg.
    const embedder = { embed: async (texts: string[]) => texts.map((t, i) => (i === 0 || t.includes('hiked') ? [1, 0] : t.includes('Douglas') ? [0.8, 0.6] : [0, 1])) };
    const ranked = await rankPassages(claim, passages, { embedder });
    // Lexical order [2, 1, 0], embedding order [0, 2, 1]: 2 → 1/61 + 1/62, 0 → 1/63 + 1/61, 1 → 1/62 + 1/63.
    expect(ranked.map((r) => r.index)).toEqual([2, 0, 1]);
    expect(ranked[0]!.score).toBeCloseTo(1 / 61 + 1 / 62, 12);
  });
});
