import { describe, expect, it } from 'vitest';

import { englishError } from '../../../../../lib/core/error-notices';
import { searchFailedNotice } from '../../../../../lib/core/evidence/find-evidence';
import { type FailureCause, failureCauses, failureOf } from '../../../../../lib/core/score/failures';
import type { ClaimAssessment } from '../../../../../lib/core/types';
import { NOT_CHECKED_BUDGET, NOT_CHECKED_CANCELLED } from '../../../../../lib/core/verify/not-checked';
import { failureWords } from '../../../../../lib/view/headline-words';
import { defaultTranslator } from '../../../../../scripts/lib/node-messages';

/** The failure the core decides (counts), in the English catalogue's words (what `npm run check` prints). */
const english = defaultTranslator();
function failureSummary(causes: readonly FailureCause[], claims: number): string | undefined {
  const failure = failureOf(causes, claims);
  return failure && failureWords(failure, failure.cause.message, english);
}

const failed = (claimId: string, error: string): ClaimAssessment => ({
  claimId,
  verdict: 'could-not-check',
  judgements: [],
  explanation: '',
  citedEvidenceIds: [],
  error,
});
const judged = (claimId: string): ClaimAssessment => ({
  claimId,
  verdict: 'supported',
  judgements: [],
  explanation: 'ok',
  citedEvidenceIds: [],
});

const UNREACHABLE = 'Could not reach http://127.0.0.1:9/v1.';
const SEARCH = 'Search failed: Could not reach Wikipedia at en.wikipedia.org.';

describe('failure causes, said once for the check', () => {
  it('keeps the code of a cause, so the views can word it in the interface language', () => {
    const notice = { code: 'unreachable', url: 'http://127.0.0.1:9/v1' } as const;
    const coded = { ...failed('a', UNREACHABLE), errorNotice: notice };
    const causes = failureCauses([coded, failed('b', UNREACHABLE), failed('c', SEARCH)]);
    expect(causes).toEqual([
      { message: UNREACHABLE, claims: 2, notice },
      { message: SEARCH, claims: 1 },
    ]);
  });

  it('every search failed with the same first cause: one cause, however many other sources each claim met', () => {
    // One claim asked Wikipedia, its English query and Wikidata; one had no triple; one neither an English query.
    const wiki = 'Wikipedia had a server error (500).';
    const searchFailure = (claimId: string, failures: string[]) => {
      const errorNotice = searchFailedNotice(failures);
      return { ...failed(claimId, englishError(errorNotice)), errorNotice };
    };
    const causes = failureCauses([
      searchFailure('a', [wiki, 'SearXNG had a server error (500).']),
      searchFailure('b', [
        wiki,
        'SearXNG had a server error (500).',
        'Wikidata asks to wait.',
        'Wikipedia: try later.',
      ]),
      searchFailure('c', [wiki, 'Wikidata asks to wait.']),
    ]);
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({ claims: 3, notice: { code: 'search-failed', cause: wiki, others: 3 } });
    expect(failureSummary(causes, 3)).toBe(`None of the 3 claims could be judged: ${causes[0]!.message}`);
    expect(causes[0]!.message).toBe(englishError(searchFailedNotice([wiki, 'x', 'y', 'z'])));
  });

  it('model unreachable: every claim failed for one cause, said once', () => {
    const causes = failureCauses([failed('a', UNREACHABLE), failed('b', UNREACHABLE), failed('c', UNREACHABLE)]);
    expect(causes).toEqual([{ message: UNREACHABLE, claims: 3 }]);
    expect(failureSummary(causes, 3)).toBe(`None of the 3 claims could be judged: ${UNREACHABLE}`);
    expect(failureSummary(failureCauses([failed('a', UNREACHABLE)]), 1)).toBe(
      `The claim could not be judged: ${UNREACHABLE}`,
    );
  });

  it('search failed for some claims: how many of all, and the other reasons counted', () => {
    const causes = failureCauses([
      judged('a'),
      failed('b', SEARCH),
      failed('c', SEARCH),
      failed('d', UNREACHABLE),
      judged('e'),
    ]);
    expect(causes.map((cause) => cause.message)).toEqual([SEARCH, UNREACHABLE]);
    expect(failureSummary(causes, 5)).toBe(`3 of 5 claims could not be judged: ${SEARCH} (and 1 other reason)`);
  });

  it('claims stopped by the budget or a cancel did not fail, and old "Could not check: " reasons read as their cause', () => {
    expect(failureCauses([failed('a', NOT_CHECKED_BUDGET), failed('b', NOT_CHECKED_CANCELLED)])).toEqual([]);
    expect(failureSummary([], 2)).toBeUndefined();
    expect(failureCauses([failed('a', `Could not check: ${UNREACHABLE}`)])).toEqual([
      { message: UNREACHABLE, claims: 1 },
    ]);
  });
});
