/**
 * `npm run check` words the headline, the failure sentence and the run's notices from the English catalogue
 * (lib/view/headline-words.ts, notice-words.ts over scripts/lib/node-messages.ts), the same words the
 * extension shows in English: the core returns codes and counts only, so there is one wording to keep.
 */
import { describe, expect, it } from 'vitest';

import { noticeKey, type RunNotice } from '../../../../lib/core/notices';
import type { CheckResult } from '../../../../lib/core/pipeline-types';
import type { Claim, ClaimAssessment, Evidence, Stance, Verdict } from '../../../../lib/core/types';
import { formatCheck } from '../../../../scripts/lib/format-check';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';

const en = defaultTranslator();
const TEXT = 'The wall is visible. The tower is tall. The river is long. The lake is deep.';
const CAUSE = 'Could not reach http://127.0.0.1:9/v1.';
const NOTICE: RunNotice = { code: 'passages-not-judged', left: 1, total: 1, claim: 'The wall is visible.' };
const UNCODED = 'Brave Search refused the key (HTTP 401).';

/** Four claims, one per sentence: refuted, supported twice, and one the model could not be reached for. */
function result(): CheckResult {
  const parts = TEXT.split(' The ').map((part, index) => (index === 0 ? part : `The ${part}`));
  let start = 0;
  const sentences = parts.map((text, index) => {
    const sentence = { index, start, end: start + text.length, text };
    start += text.length + 1;
    return sentence;
  });
  const claims: Claim[] = sentences.map((sentence) => ({
    id: `c${sentence.index}-0`,
    sentenceIndex: sentence.index,
    text: sentence.text,
    span: { start: sentence.start, end: sentence.end },
    anchored: true,
    checkWorthy: true,
  }));
  const verdicts: Verdict[] = ['refuted', 'supported', 'supported', 'could-not-check'];
  const stances: Array<Stance | undefined> = ['refutes', 'supports', 'supports', undefined];
  const evidence: Evidence[] = claims.flatMap((claim, index) =>
    stances[index]
      ? [
          {
            id: `${claim.id}:e0`,
            claimId: claim.id,
            origin: 'page' as const,
            passage: claim.text,
            source: {
              url: `https://example.org/${index}`,
              host: 'example.org',
              title: `Source ${index}`,
              provider: 'searxng' as const,
              sourceType: 'news' as const,
            },
          },
        ]
      : [],
  );
  const assessments: ClaimAssessment[] = claims.map((claim, index) => ({
    claimId: claim.id,
    verdict: verdicts[index]!,
    judgements: stances[index] ? [{ evidenceId: `${claim.id}:e0`, stance: stances[index], rationale: '' }] : [],
    explanation: '',
    citedEvidenceIds: [],
    ...(verdicts[index] === 'could-not-check' ? { error: CAUSE } : {}),
  }));
  return {
    text: TEXT,
    language: 'en',
    today: '2026-11-27',
    sentences,
    claims,
    queries: [],
    evidence,
    assessments,
    revisions: [],
    links: [],
    actionability: {},
    attribution: {},
    refinements: [],
    usage: {
      total: { calls: 0, promptTokens: 0, completionTokens: 0 },
      byStage: {},
      searchCalls: 0,
      pageFetches: 0,
    } as unknown as CheckResult['usage'],
    warnings: [noticeKey(NOTICE), UNCODED],
    notices: { [noticeKey(NOTICE)]: NOTICE },
  };
}

describe('npm run check words its first lines from the English catalogue', () => {
  const lines = formatCheck(result()).split('\n');

  it('prints the headline, its figures and the failure sentence in the words it always printed', () => {
    expect(lines.slice(0, 3)).toEqual([
      'Headline: RED — 1 refuted · 2 supported · 1 could not be checked (en, 2026-11-27)',
      '  3 of 4 claims checked · Average support from sources: 67% across 3 judged claims',
      `Why: 1 of 4 claims could not be judged: ${CAUSE}`,
    ]);
  });

  it('prints exactly the catalogue’s English for each code', () => {
    const counts = [
      en.t('headlineCountRefuted', { count: 1 }),
      en.t('headlineCountSupported', { count: 2 }),
      en.t('headlineCountCouldNotCheck', { count: 1 }),
    ].join(' · ');
    expect(lines[0]).toBe(`Headline: RED — ${counts} (en, 2026-11-27)`);
    const average = en.t('headlineAverage', { percent: '67%', count: 3 });
    expect(lines[1]).toBe(`  ${en.t('headlineProgress', { checked: 3, count: 4 })} · ${average}`);
    const who = en.t('failureSomeOf', { failed: 1, count: 4 });
    expect(lines[2]).toBe(`Why: ${en.t('failureSentence', { who, cause: CAUSE })}`);
  });

  it('words a coded notice from the catalogue (one passage, not "1 of 1 passages … were") and prints the others as given', () => {
    const warnings = lines.filter((line) => line.startsWith('Warning: '));
    expect(warnings).toEqual([
      `Warning: 1 of 1 passage for "The wall is visible." was not judged: the model's context window has no room for it.`,
      `Warning: ${UNCODED}`,
    ]);
    expect(warnings[0]).toBe(
      `Warning: ${en.t('noticePassagesNotJudged', { left: 1, count: 1, claim: 'The wall is visible.' })}`,
    );
  });
});
