import { describe, expect, it } from 'vitest';

import type { ClaimAssessment } from '../../../../lib/core/types';
import { uncheckedSummary } from '../../../../lib/view/unchecked-summary';

const failed = (claimId: string, reason: string): ClaimAssessment => ({
  claimId,
  verdict: 'could-not-check',
  judgements: [],
  explanation: `Could not check: ${reason}`,
  citedEvidenceIds: [],
  error: `Could not check: ${reason}`,
});
const judged: ClaimAssessment = {
  claimId: 'ok',
  verdict: 'supported',
  judgements: [],
  explanation: 'Fine.',
  citedEvidenceIds: [],
};
const CREDIT =
  'Your OpenAI account is out of credit (billing): add credit or raise the spending limit, then check again.';

describe('uncheckedSummary', () => {
  it('names the cause most unchecked claims share', () => {
    expect(uncheckedSummary([failed('a', CREDIT), failed('b', CREDIT), failed('c', 'Timeout.'), judged])).toEqual({
      count: 3,
      sharedReason: CREDIT,
    });
  });

  it('names no cause when none is shared by more than half, and counts nothing when all were judged', () => {
    expect(uncheckedSummary([failed('a', 'One.'), failed('b', 'Two.')])).toEqual({ count: 2 });
    expect(uncheckedSummary([judged])).toEqual({ count: 0 });
  });
});
