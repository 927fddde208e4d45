import { describe, expect, it } from 'vitest';

import type { Claim, ClaimAssessment, Sentence } from '../../../../../lib/core/types';
import {
  failureCause,
  NOT_CHECKED_BUDGET,
  NOT_CHECKED_CANCELLED,
  settleStoppedClaims,
  stoppedAssessment,
} from '../../../../../lib/core/verify/not-checked';

const sentence = (index: number, text: string, kind?: string): Sentence =>
  ({ index, text, start: index * 10, end: index * 10 + text.length, ...(kind ? { kind } : {}) }) as Sentence;
const claim = (id: string, sentenceIndex: number, checkWorthy = true): Claim => ({
  id,
  sentenceIndex,
  text: id,
  span: { start: 0, end: 1 },
  anchored: true,
  checkWorthy,
});
const judged = (claimId: string, extra: Partial<ClaimAssessment> = {}): ClaimAssessment => ({
  claimId,
  verdict: 'supported',
  judgements: [{ evidenceId: `${claimId}:e0`, stance: 'supports', rationale: 'Says so.' }],
  explanation: 'Says so [1].',
  citedEvidenceIds: [`${claimId}:e0`],
  ...extra,
});

describe('claims a stop left unfinished', () => {
  it('marks each claim not judged to the end, and each prose sentence without claims, as not checked for the stop', () => {
    const sentences = [sentence(0, 'A.'), sentence(1, 'B.'), sentence(2, 'x = 1', 'code'), sentence(3, 'D.')];
    const claims = [claim('c0-0', 0), claim('c0-1', 0), claim('c1-0', 1), claim('c1-1', 1, false)];
    const assessments = new Map([
      ['c0-0', judged('c0-0')],
      ['c0-1', judged('c0-1', { explanation: '', explaining: true })],
    ]);
    const settled = settleStoppedClaims(sentences, claims, assessments, 'cancelled');
    // Sentence 3 was never reached (code is never read for claims): it stands as its one claim.
    expect(settled.claims).toEqual([
      { id: 'c3-0', sentenceIndex: 3, text: 'D.', span: { start: 30, end: 32 }, anchored: true, checkWorthy: true },
    ]);
    // The early verdict is replaced, as the pipeline's stop replaces it; the finished one and the claim not worth
    // checking are left alone.
    expect(settled.assessments.map((a) => a.claimId)).toEqual(['c0-1', 'c1-0', 'c3-0']);
    for (const assessment of settled.assessments)
      expect(assessment).toEqual({
        claimId: assessment.claimId,
        verdict: 'could-not-check',
        judgements: [],
        explanation: '',
        citedEvidenceIds: [],
        error: NOT_CHECKED_CANCELLED,
        errorNotice: { code: 'not-checked-cancelled' },
      });
  });

  it('says which stop it was, and neither counts as a failure', () => {
    expect(stoppedAssessment('c0-0', 'budget')).toMatchObject({
      error: NOT_CHECKED_BUDGET,
      errorNotice: { code: 'not-checked-budget' },
    });
    expect(failureCause(stoppedAssessment('c0-0', 'budget').error)).toBeUndefined();
    expect(failureCause(stoppedAssessment('c0-0', 'cancelled').error)).toBeUndefined();
  });
});
