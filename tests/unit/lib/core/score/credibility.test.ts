import { describe, expect, it } from 'vitest';

import { parseRatingsTable } from '../../../../../lib/core/evidence/sources/domain-ratings';
import { aggregate, bandFor, scoreText } from '../../../../../lib/core/score/credibility';
import type { Claim, ClaimAssessment, Evidence, SourceType, Stance } from '../../../../../lib/core/types';
import { deriveVerdict } from '../../../../../lib/core/verify/verdict';

const claim = (id: string, sentenceIndex: number, checkWorthy = true): Claim => ({
  id,
  sentenceIndex,
  text: id,
  span: { start: 0, end: 1 },
  anchored: true,
  checkWorthy,
});
const evidence = (id: string, sourceType: SourceType): Evidence => ({
  id,
  claimId: id.split(':')[0]!,
  passage: 'p',
  origin: 'page',
  source: {
    url: `https://${sourceType}.example/${id}`,
    host: `${sourceType}.example`,
    title: id,
    provider: 'searxng',
    sourceType,
  },
});
const assessed = (claimId: string, stances: Array<[string, Stance]>): ClaimAssessment => ({
  claimId,
  verdict: deriveVerdict(stances.map(([, s]) => s)),
  judgements: stances.map(([evidenceId, stance]) => ({ evidenceId, stance, rationale: '' })),
  explanation: '',
  citedEvidenceIds: [],
});

describe('bands', () => {
  it('puts 0.3 in orange and 0.6 in green, as Facts&Evidence does', () => {
    expect([bandFor(0), bandFor(0.29), bandFor(0.3), bandFor(0.59), bandFor(0.6), bandFor(1), bandFor(null)]).toEqual([
      'red',
      'red',
      'orange',
      'orange',
      'green',
      'green',
      'unknown',
    ]);
  });
});

describe('scoreText', () => {
  const claims = [claim('a', 0), claim('b', 0), claim('c', 1), claim('d', 1, false), claim('e', 2)];
  const items = [
    evidence('a:1', 'news'),
    evidence('a:2', 'blog'),
    evidence('a:3', 'news'),
    evidence('b:1', 'wiki'),
    evidence('c:1', 'social'),
  ];
  const assessments = new Map<string, ClaimAssessment>([
    [
      'a',
      assessed('a', [
        ['a:1', 'supports'],
        ['a:2', 'refutes'],
        ['a:3', 'irrelevant'],
      ]),
    ],
    ['b', assessed('b', [['b:1', 'partially-supports']])],
    ['c', assessed('c', [['c:1', 'refutes']])],
    [
      'e',
      {
        claimId: 'e',
        verdict: 'could-not-check',
        judgements: [],
        explanation: 'Could not check: timeout',
        citedEvidenceIds: [],
        error: 'timeout',
      },
    ],
  ]);

  it('scores claims over relevant evidence, with partial support counting half', () => {
    const scores = scoreText(claims, assessments, items);
    expect(scores.claims.get('a')).toMatchObject({ verdict: 'disputed', score: { value: 0.5, band: 'orange' } });
    expect(scores.claims.get('b')).toMatchObject({ verdict: 'supported', score: { value: 0.5, band: 'orange' } });
    expect(scores.claims.get('c')).toMatchObject({ verdict: 'refuted', score: { value: 0, band: 'red' } });
  });

  it('never counts not-check-worthy or could-not-check claims as zero', () => {
    const scores = scoreText(claims, assessments, items);
    expect(scores.claims.get('d')).toMatchObject({ verdict: 'not-check-worthy', score: { value: null, band: 'grey' } });
    expect(scores.claims.get('e')).toMatchObject({
      verdict: 'could-not-check',
      score: { value: null, band: 'unknown' },
    });
    expect(scores.sentences.get(1)).toMatchObject({ value: 0, checked: 1, total: 1 });
    expect(scores.sentences.get(2)).toMatchObject({ value: null, band: 'unknown', checked: 0, total: 1 });
    expect(scores.overall).toMatchObject({ value: (0.5 + 0.5 + 0) / 3, checked: 3, total: 4 });
  });

  it('re-scores instantly when a source type or an evidence item is filtered out', () => {
    const noBlogs = scoreText(claims, assessments, items, { excludedSourceTypes: new Set<SourceType>(['blog']) });
    expect(noBlogs.claims.get('a')).toMatchObject({ verdict: 'supported', score: { value: 1, band: 'green' } });
    const withoutItem = scoreText(claims, assessments, items, { excludedEvidenceIds: new Set(['c:1']) });
    expect(withoutItem.claims.get('c')).toMatchObject({
      verdict: 'not-enough-evidence',
      score: { value: null, band: 'unknown' },
    });
  });

  it('re-scores without sources rated low when that filter is ticked, and only then', () => {
    // blog.example rated low (pc1 0.12), news.example high; wiki.example and social.example unrated.
    const ratings = parseRatingsTable('blog.example\t120\t\nnews.example\t850\t\n');
    const unfiltered = scoreText(claims, assessments, items, { ratings });
    expect(unfiltered.claims.get('a')).toMatchObject({ verdict: 'disputed', score: { value: 0.5 } });
    const noLow = scoreText(claims, assessments, items, { excludeRatedLow: true, ratings });
    expect(noLow.claims.get('a')).toMatchObject({ verdict: 'supported', score: { value: 1, band: 'green' } });
    // Unrated sources are never treated as low: claim c's unrated refutation still counts.
    expect(noLow.claims.get('c')).toMatchObject({ verdict: 'refuted', score: { value: 0 } });
    expect(noLow.overall.value).toBeCloseTo((1 + 0.5 + 0) / 3);
    // A subdomain of a low-rated site is left out too.
    const sub = [
      ...items.filter((item) => item.id !== 'a:2'),
      { ...evidence('a:2', 'blog'), source: { ...evidence('a:2', 'blog').source, url: 'https://www.blog.example/x' } },
    ];
    expect(scoreText(claims, assessments, sub, { excludeRatedLow: true, ratings }).claims.get('a')?.verdict).toBe(
      'supported',
    );
    // Without a ratings table nothing is rated, so nothing is left out.
    expect(scoreText(claims, assessments, items, { excludeRatedLow: true }).claims.get('a')?.verdict).toBe('disputed');
  });

  it('gives a text without check-worthy claims a grey, unscored overall', () => {
    expect(aggregate([])).toEqual({ value: null, band: 'grey', checked: 0, total: 0 });
    expect(scoreText([claim('x', 0, false)], new Map(), []).overall).toMatchObject({ band: 'grey', total: 0 });
  });
});
