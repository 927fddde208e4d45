import { describe, expect, it } from 'vitest';

import { parseRatingsTable } from '../../../../lib/core/evidence/sources/domain-ratings';
import type { EvidenceCheckResult } from '../../../../lib/core/evidence-only/run-evidence-check';
import type { CheckResult } from '../../../../lib/core/pipeline-types';
import { formatCheck } from '../../../../scripts/lib/format-check';
import { formatSources } from '../../../../scripts/lib/format-sources';

/** An evidence-only result as runEvidenceCheck returns it: one sentence looked up, one skipped, nothing judged. */
function result(): EvidenceCheckResult {
  const first = 'The Eiffel Tower was completed in 1889.';
  const second = 'I think it is beautiful.';
  const text = `${first} ${second}`;
  return {
    evidenceOnly: true,
    text,
    language: 'en',
    today: '2026-11-24',
    sentences: [
      { index: 0, start: 0, end: first.length, text: first },
      { index: 1, start: first.length + 1, end: text.length, text: second },
    ],
    claims: [
      {
        id: 'c0-0',
        sentenceIndex: 0,
        text: first,
        span: { start: 0, end: first.length },
        anchored: true,
        checkWorthy: true,
      },
      {
        id: 'c1-0',
        sentenceIndex: 1,
        text: second,
        span: { start: first.length + 1, end: text.length },
        anchored: true,
        checkWorthy: false,
      },
    ],
    skipped: [{ sentenceIndex: 1, reason: 'opinion' }],
    queries: [],
    evidence: [
      {
        id: 'c0-0:e0',
        claimId: 'c0-0',
        origin: 'page',
        passage: 'The tower was completed in March 1889 for the World Fair.',
        source: {
          url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
          host: 'en.wikipedia.org',
          title: 'Eiffel Tower',
          provider: 'wikipedia',
          sourceType: 'wiki',
        },
      },
    ],
    assessments: [],
    revisions: [],
    links: [],
    actionability: {},
    attribution: {},
    refinements: [],
    usage: {
      total: { calls: 0, promptTokens: 0, completionTokens: 0 },
      byStage: {},
      searchCalls: 1,
      pageFetches: 1,
    } as unknown as CheckResult['usage'],
    warnings: [],
  } as EvidenceCheckResult;
}

describe('npm run check with no model: sources to compare', () => {
  it('lists the sources per sentence with passage links and reliability, and says verdicts need a model', () => {
    const out = formatSources(result(), parseRatingsTable('wikipedia.org\t800\t\n'));
    expect(out).toContain('verdicts need a model');
    expect(out).toContain('[SOURCE] The Eiffel Tower was completed in 1889.');
    expect(out).toContain('    Sources to compare: 1 found');
    expect(out).toMatch(
      /· Eiffel Tower <https:\/\/en\.wikipedia\.org\/wiki\/Eiffel_Tower#:~:text=[^>\s]+> \[rated high reliability\]/,
    );
    expect(out).toContain('I think it is beautiful.  (not looked up: an opinion)');
  });

  it('never reports an evidence-only result as an unknown score, even through the judged formatter', () => {
    const out = formatCheck(result(), parseRatingsTable('wikipedia.org\t800\t\n'));
    expect(out).toContain('Sources to compare: 1 found');
    expect(out).not.toMatch(/UNKNOWN|claims checked|could-not-check/i);
  });
});
