import { describe, expect, it } from 'vitest';

import { parseRatingsTable } from '../../../../lib/core/evidence/sources/domain-ratings';
import type { CheckResult } from '../../../../lib/core/pipeline-types';
import { formatCheck } from '../../../../scripts/lib/format-check';
import { readShippedRatings } from '../../../../scripts/lib/ratings-file';

/** A finished check of one sentence citing two links, one of them on a site rated low. */
function result(): CheckResult {
  const text = 'Vaccines cause autism (https://www.naturalnews.com/x, https://www.reuters.com/y).';
  const audit = (linkId: string, url: string) => ({
    linkId,
    url,
    status: 'working' as const,
    detail: 'The page opened and has readable text.',
    sentenceIndex: 0,
    exists: true,
    relevant: true,
    supports: true,
    rationale: '',
  });
  return {
    text,
    language: 'en',
    today: '2026-11-24',
    sentences: [{ index: 0, start: 0, end: text.length, text }],
    claims: [],
    queries: [],
    evidence: [],
    assessments: [],
    revisions: [],
    links: [audit('l0', 'https://www.naturalnews.com/x'), audit('l1', 'https://www.reuters.com/y')],
    actionability: {},
    attribution: {},
    refinements: [],
    usage: {
      total: { calls: 0, promptTokens: 0, completionTokens: 0 },
      byStage: {},
      searchCalls: 0,
      pageFetches: 0,
    } as unknown as CheckResult['usage'],
    warnings: [],
  };
}

describe('npm run check: the link audit flags citations rated low', () => {
  it('labels each cited link and flags the low-rated one, with the shipped ratings', () => {
    const out = formatCheck(result(), readShippedRatings());
    expect(out).toContain('https://www.naturalnews.com/x [rated low reliability]');
    expect(out).toContain('https://www.reuters.com/y [rated high reliability]');
    expect(out).toContain('⚠ This text cites a source rated low reliability: naturalnews.com.');
  });

  it('says nothing about reliability when no citation is rated low', () => {
    const out = formatCheck(result(), parseRatingsTable('reuters.com\t1000\t\n'));
    expect(out).not.toContain('rated low');
    expect(out).not.toContain('⚠');
  });
});
