import { describe, expect, it } from 'vitest';

import { prepareQuery } from '../../../../../../lib/core/evidence/passages/lexical';
import {
  combineFeatures,
  leadScore,
  PASSAGE_FEATURES,
  PASSAGE_WEIGHTS,
  passageFeatures,
  passageWeightVector,
  windowCoverage,
} from '../../../../../../lib/core/evidence/passages/passage-features';
import { rankPassages } from '../../../../../../lib/core/evidence/passages/rank-passages';
import { tokenize } from '../../../../../../lib/core/evidence/passages/tokenize';

const unit = (): number => 1;

describe('windowCoverage', () => {
  it('is the best share of query terms inside any run of `size` tokens', () => {
    const doc = ['a', 'x', 'x', 'x', 'b', 'x', 'c'];
    expect(windowCoverage(['a', 'b', 'c'], doc, unit, 2)).toBeCloseTo(1 / 3, 12);
    expect(windowCoverage(['a', 'b', 'c'], doc, unit, 3)).toBeCloseTo(2 / 3, 12);
    expect(windowCoverage(['a', 'b', 'c'], doc, unit, 6)).toBeCloseTo(2 / 3, 12);
    expect(windowCoverage(['a', 'b', 'c'], doc, unit, 7)).toBe(1);
  });

  it('weighs terms, counts a repeated term once and leaves the window correctly', () => {
    const weight = (t: string): number => (t === 'rare' ? 3 : 1);
    // "rare" twice in the first window still counts once; the second window has "rare" and "common".
    expect(windowCoverage(['rare', 'common'], ['rare', 'rare', 'x', 'x', 'common'], weight, 3)).toBeCloseTo(3 / 4, 12);
    expect(windowCoverage(['rare', 'common'], ['rare', 'x', 'rare', 'common'], weight, 2)).toBe(1);
    expect(windowCoverage([], ['a'], unit, 3)).toBe(0);
    expect(windowCoverage(['a'], [], unit, 3)).toBe(0);
  });
});

describe('leadScore', () => {
  it('is 1 when the passage opens with a claim word, lower the later it comes, 0 without any', () => {
    expect(leadScore(['a'], ['a', 'x', 'x', 'x'])).toBe(1);
    expect(leadScore(['a'], ['x', 'x', 'a', 'x'])).toBe(0.5);
    expect(leadScore(['a'], ['x', 'x'])).toBe(0);
  });
});

describe('passageFeatures', () => {
  const claim = 'Douglas retired from the Supreme Court in 1975.';
  const together = 'Biography. Douglas retired from the Supreme Court in 1975 after a stroke.';
  // The same claim words, but spread over sentences and far apart.
  const scattered =
    'Douglas wrote many books about hiking and the outdoors, some of them about the Cascades and the Olympic Mountains. ' +
    'He retired to Washington state late in life and kept walking every morning along the canal. ' +
    'Among his papers was a letter about the Supreme Court and its docket. The collection was opened in 1975.';

  it('scores the sentence, window and lead signals in PASSAGE_FEATURES order', () => {
    const [a, b] = passageFeatures(prepareQuery(claim), [together, scattered]);
    expect(PASSAGE_FEATURES).toEqual(['lexical', 'sentence', 'window', 'lead']);
    expect(a).toHaveLength(4);
    // Every claim word is in one sentence and within a few tokens of each other.
    expect(a![1]).toBeCloseTo(1, 12);
    expect(a![2]).toBeCloseTo(1, 12);
    // Spread out, at most "Supreme Court … 1975" (three of the five words) come together.
    expect(b![1]).toBeLessThan(0.7);
    expect(b![2]).toBeLessThan(0.7);
    // "Biography." comes first, then the claim's first word: lead = 1 − 1/len.
    expect(a![3]).toBeCloseTo(1 - 1 / tokenize(together).length, 12);
    expect(b![3]).toBe(1);
  });

  it('lets rankPassages prefer the passage stating the claim words together', async () => {
    // The same words, as many times, in passages of the same length: BM25 cannot tell them apart (and
    // a tie keeps the input order); only "retired … in 1975" in Douglas's own sentence can.
    const split = 'Douglas filled his days with hiking, books and rivers. The Supreme Court retired in 1975.';
    const joined = 'Douglas retired from the Supreme Court in 1975. Hiking, books and rivers filled his days.';
    expect([...tokenize(split)].sort()).toEqual([...tokenize(joined)].sort());
    const ranked = await rankPassages(claim, [split, joined]);
    expect(ranked.map((r) => r.index)).toEqual([1, 0]);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
    const features = passageFeatures(prepareQuery(claim), [split, joined]);
    expect(features[0]![0]).toBeCloseTo(features[1]![0]!, 12);
    expect(ranked[0]!.score).toBeCloseTo(combineFeatures(features, passageWeightVector())[1]!, 12);
  });

  it('works on text without spaces (CJK bigrams) and in other languages', async () => {
    const zh = await rankPassages('长江全长约6300公里。', [
      '黄河是中国第二长河，全长约5464公里。',
      '三峡大坝位于湖北省宜昌市。',
      '长江是亚洲第一长河。长江全长约6300公里，流经十一个省级行政区。',
    ]);
    expect(zh[0]!.index).toBe(2);
    const [zhFeatures] = passageFeatures(prepareQuery('长江全长约6300公里。'), [
      '长江是亚洲第一长河。长江全长约6300公里，流经十一个省级行政区。',
    ]);
    expect(zhFeatures![1]).toBeCloseTo(1, 12);
    expect(zhFeatures![2]).toBeCloseTo(1, 12);
    const de = await rankPassages('Die Zugspitze ist 2.962 m hoch.', [
      'Der Gipfel wurde am 27. August 1820 erstmals bestiegen.',
      'Mit 2962 Metern ist die Zugspitze der höchste Berg Deutschlands.',
    ]);
    expect(de[0]!.index).toBe(1);
  });

  it('returns all zeros but the lead for a passage with none of the claim words', () => {
    const [row] = passageFeatures(prepareQuery('Douglas retired in 1975.'), ['Nothing here matches.']);
    expect(row).toEqual([0, 0, 0, 0]);
  });
});

describe('PASSAGE_WEIGHTS', () => {
  it('keeps the lexical score at weight 1 and the features positive', () => {
    expect(passageWeightVector()).toEqual([1, PASSAGE_WEIGHTS.sentence, PASSAGE_WEIGHTS.window, PASSAGE_WEIGHTS.lead]);
    for (const weight of passageWeightVector()) expect(weight).toBeGreaterThan(0);
    expect(
      combineFeatures(
        [
          [1, 1, 1, 1],
          [2, 0, 0, 0],
        ],
        [1, 0.5, 0.25, 0.125],
      ),
    ).toEqual([1.875, 2]);
  });
});
