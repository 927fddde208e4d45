/**
 * Why a claim stands as "could not check", in the words every report uses. A claim stopped by the token
 * budget or a cancel was not tried to the end; any other reason is a failure (a model or search that did not
 * answer), which a check states once, at its top (score/failures.ts groups them). A run that stops marks the
 * claims it had not judged to the end; so does a cancel of a check whose run was lost with its worker.
 */
import { isProse, sentenceAsClaim } from '../claims/sentence-claim';
import { englishError, type ErrorNotice } from '../error-notices';
import type { StopReason } from '../pipeline-types';
import type { Claim, ClaimAssessment, Sentence } from '../types';

export const NOT_CHECKED_BUDGET = englishError({ code: 'not-checked-budget' });
export const NOT_CHECKED_CANCELLED = englishError({ code: 'not-checked-cancelled' });

/** A claim's "could not check" verdict: the reason is the cause alone, said once (no explanation). */
export function notCheckedAssessment(claimId: string, reason: string, notice?: ErrorNotice): ClaimAssessment {
  return {
    claimId,
    verdict: 'could-not-check',
    judgements: [],
    explanation: '',
    citedEvidenceIds: [],
    error: reason,
    ...(notice ? { errorNotice: notice } : {}),
  };
}

/** The verdict of a claim a stop (the budget, a cancel) reached before it was judged to the end. */
export function stoppedAssessment(claimId: string, stopped: StopReason): ClaimAssessment {
  return stopped === 'budget'
    ? notCheckedAssessment(claimId, NOT_CHECKED_BUDGET, { code: 'not-checked-budget' })
    : notCheckedAssessment(claimId, NOT_CHECKED_CANCELLED, { code: 'not-checked-cancelled' });
}

/** What a stop adds to a check's claims: sentences standing as claims, and the verdicts of claims left unjudged. */
export interface StoppedClaims {
  claims: Claim[];
  assessments: ClaimAssessment[];
}

/**
 * The claims of a run that stopped without getting to mark them (its worker was stopped mid-check, then the
 * check was cancelled), marked as the pipeline marks them when a stop reaches it: a claim still being judged
 * (no verdict yet, or an early one whose explanation was still being written, which the pipeline's stop
 * replaces) could not be checked, for the stop; a prose sentence without claims was never reached by the
 * extraction (which gives every sentence it reads at least one claim) and stands as one such claim.
 */
export function settleStoppedClaims(
  sentences: readonly Sentence[],
  claims: readonly Claim[],
  assessments: ReadonlyMap<string, ClaimAssessment>,
  stopped: StopReason,
): StoppedClaims {
  const covered = new Set(claims.map((claim) => claim.sentenceIndex));
  const added = sentences.filter((sentence) => isProse(sentence) && !covered.has(sentence.index)).map(sentenceAsClaim);
  const unjudged = [...claims, ...added].filter((claim) => {
    const assessment = assessments.get(claim.id);
    return claim.checkWorthy && (!assessment || assessment.explaining);
  });
  return { claims: added, assessments: unjudged.map((claim) => stoppedAssessment(claim.id, stopped)) };
}

/** Older checks stored a failure as "Could not check: <cause>"; the cause alone is what a person needs. */
// i18n-exempt: the prefix older versions stored before a cause, matched to strip it; never shown
const OLD_PREFIX = 'Could not check: ';

/** The cause of a claim's failure, or undefined when the claim was stopped (budget, cancel) rather than failed. */
export function failureCause(error: string | undefined): string | undefined {
  if (!error || error === NOT_CHECKED_BUDGET || error === NOT_CHECKED_CANCELLED) return undefined;
  return error.startsWith(OLD_PREFIX) ? error.slice(OLD_PREFIX.length) : error;
}
