/**
 * What a check's row says of its result once its run has ended: the status it ends with, its headline's colour,
 * the counts by verdict and the average, or why it failed. One rule for a run that finished (check-writer.ts
 * `finish`) and for a check cancelled after its run was lost with a stopped worker (cancel-waiting-check.ts), so
 * the first line a person reads agrees with the verdicts beneath it however the check ended.
 */
import { englishError, type ErrorNotice } from '../core/error-notices';
import { searchFailedNotice } from '../core/evidence/find-evidence';
import type { CheckResult } from '../core/pipeline-types';
import { scoreText } from '../core/score/credibility';
import { failureCauses, failureOf } from '../core/score/failures';
import { checkHeadline, judgedNothing, summarizeScores } from '../core/score/headline';
import type { CheckRecord } from './entities';

/** What of a run's result the summary is taken from. */
export type SummaryInput = Pick<CheckResult, 'claims' | 'assessments' | 'evidence' | 'stopped' | 'searchOutcomes'>;

/** The final status and the row's fields that sum the result up. */
export interface CheckSummary {
  status: CheckRecord['status'];
  fields: Pick<
    CheckRecord,
    | 'score'
    | 'band'
    | 'claimsChecked'
    | 'claimsTotal'
    | 'verdicts'
    | 'averagedOver'
    | 'error'
    | 'failure'
    | 'errorNotice'
    | 'stopped'
  >;
}

/**
 * A check whose every claim could not be judged (not stopped: failed) ends failed, with the cause; so does an
 * evidence-only check whose every search failed. Otherwise an evidence-only check judged nothing by design: it
 * gets the neutral mark and no score.
 */
export function summarizeCheck(
  result: SummaryInput,
  status: CheckRecord['status'],
  evidenceOnly: boolean | undefined,
): CheckSummary {
  const assessments = new Map(result.assessments.map((a) => [a.claimId, a]));
  const scores = scoreText(result.claims, assessments, result.evidence);
  const summary = summarizeScores(scores.claims.values());
  // A check that judged nothing (or an evidence-only one whose every search failed) failed, and says why.
  const judgedNothingFailure =
    !evidenceOnly && status === 'done' && !result.stopped && judgedNothing(summary.counts)
      ? failureOf(failureCauses(result.assessments), scores.overall.total)
      : undefined;
  // Every search failed: a code, worded when shown (its English kept as `error` for older readers). Nothing
  // judged: counts only, worded when shown.
  const searchFailure = evidenceOnly ? everySearchFailed(result) : undefined;
  const finalStatus = searchFailure || judgedNothingFailure ? 'failed' : status;
  const headline = checkHeadline({ status: finalStatus, stopped: result.stopped, evidenceOnly, summary });
  return {
    status: finalStatus,
    fields: {
      score: evidenceOnly ? null : summary.average,
      band: headline.band,
      claimsChecked: scores.overall.checked,
      claimsTotal: scores.overall.total,
      verdicts: evidenceOnly ? {} : summary.counts,
      averagedOver: summary.averagedOver,
      ...(searchFailure ? { error: englishError(searchFailure) } : {}),
      ...(judgedNothingFailure ? { failure: judgedNothingFailure } : {}),
      ...(searchFailure ? { errorNotice: searchFailure } : {}),
      ...(result.stopped ? { stopped: result.stopped } : {}),
    },
  };
}

/**
 * An evidence-only check found nothing because no search answered: the first cause ("Search failed: Could
 * not reach Wikipedia at …"), or undefined when something was found or a search answered with nothing.
 */
function everySearchFailed(result: SummaryInput): ErrorNotice | undefined {
  const lookedUp = result.claims.filter((claim) => claim.checkWorthy);
  if (lookedUp.length === 0 || result.evidence.length > 0 || result.stopped) return undefined;
  const outcomes = lookedUp.map((claim) => result.searchOutcomes?.[claim.id]);
  if (!outcomes.every((outcome) => outcome?.allFailed)) return undefined;
  const notices: Record<string, ErrorNotice> = {};
  for (const outcome of outcomes) Object.assign(notices, outcome!.notices);
  return searchFailedNotice(
    outcomes.flatMap((outcome) => outcome!.failures),
    notices,
  );
}
