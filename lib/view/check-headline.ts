/**
 * The headline of a check as every view computes it (lib/core/score/headline.ts holds the rule): from a
 * loaded check under the reader's source filters (side panel), from a check with every source counted
 * (exports, the page card), or from a history row's stored counts (history, toolbar badge).
 */
import { isExcluded, type ScoreFilters, scoreText, type TextScores } from '../core/score/credibility';
import { type FailureCause, failureCauses, failureOf, type FailureSummary } from '../core/score/failures';
import { checkHeadline, type Headline, summarizeScores, type VerdictCounts } from '../core/score/headline';
import type { CheckView } from '../db/check-view';
import type { CheckRecord } from '../db/entities';
import { checkErrorWords } from './error-words';
import { failureWords, type HeadlineWords, headlineWords } from './headline-words';
import { BAND_ICONS } from './labels';

/** The icon beside a headline: the band's, or "!" for a check that failed (never a colour alone). */
export function headlineIcon(headline: Pick<Headline, 'state' | 'band'>): string {
  return headline.state === 'failed' ? '!' : BAND_ICONS[headline.band];
}

export interface ViewHeadline {
  headline: Headline;
  /** The headline in the interface language (`headline.text` is its English, for the JSON export). */
  words: HeadlineWords;
  /** The scores under the filters, for the rest of the view. */
  scores: TextScores;
  /** Why claims could not be judged, most common first. */
  causes: FailureCause[];
  /** The one sentence that says it ("2 of 5 claims could not be judged: …"), when a claim failed. */
  failure?: string;
  /** The same as counts and its cause (the JSON export words it in English). */
  failureSummary?: FailureSummary;
}

function running(check: CheckRecord): boolean {
  return check.status === 'queued' || check.status === 'running';
}

/** Distinct source pages found for the sentences an evidence-only check looked up. */
function sourcesFound(view: CheckView): { found: number; lookedUp: number } {
  const lookedUp = new Set(view.claims.filter((claim) => claim.checkWorthy).map((claim) => claim.id));
  const urls = new Set(view.evidence.filter((item) => lookedUp.has(item.claimId)).map((item) => item.source.url));
  return { found: urls.size, lookedUp: lookedUp.size };
}

/** The headline of a loaded check; with `filters`, under the sources the reader left out (and saying so). */
export function viewHeadline(view: CheckView, filters: ScoreFilters = {}): ViewHeadline {
  const { check } = view;
  const scores = scoreText(view.claims, view.assessments, view.evidence, filters);
  const pending = running(check)
    ? view.claims.filter((claim) => claim.checkWorthy && !view.assessments.has(claim.id)).length
    : 0;
  // Sources left out that the judge had weighed: only they can change a verdict.
  const judged = new Set(
    [...view.assessments.values()].flatMap((assessment) => assessment.judgements.map((j) => j.evidenceId)),
  );
  const leftOutSources = view.evidence.filter(
    (item) => judged.has(item.id) && isExcluded(item, item.id, filters),
  ).length;
  const withAll: VerdictCounts | undefined =
    leftOutSources > 0
      ? summarizeScores(scoreText(view.claims, view.assessments, view.evidence).claims.values()).counts
      : undefined;
  const headline = checkHeadline({
    status: check.status,
    stopped: check.stopped,
    evidenceOnly: check.evidenceOnly,
    summary: summarizeScores(scores.claims.values()),
    pending,
    ...(withAll ? { leftOut: { sources: leftOutSources, withAll } } : {}),
    ...(check.evidenceOnly ? { sources: sourcesFound(view) } : {}),
  });
  const causes = failureCauses(view.assessments.values());
  const failureSummary = failureOf(causes, scores.overall.total);
  return {
    headline,
    words: headlineWords(headline),
    scores,
    causes,
    ...(failureSummary ? { failure: failureWords(failureSummary), failureSummary } : {}),
  };
}

/**
 * The headline from a check's summary row (history, badge): undefined for a finished check saved before
 * the row kept its counts (the caller counts its claims instead, `countsOfClaims`).
 */
export function recordHeadline(check: CheckRecord, verdicts = check.verdicts): Headline | undefined {
  if (!running(check) && !check.evidenceOnly && check.status !== 'failed' && !verdicts) return undefined;
  return checkHeadline({
    status: check.status,
    stopped: check.stopped,
    evidenceOnly: check.evidenceOnly,
    summary: {
      counts: verdicts ?? {},
      average: check.score ?? null,
      averagedOver: check.averagedOver ?? 0,
    },
  });
}

/** Every source counted: a claim row's verdict as the headline counts it (no assessment: could not check). */
export function countsOfClaims(
  rows: ReadonlyArray<{ claim: { checkWorthy: boolean }; assessment?: { verdict: string } | undefined }>,
): VerdictCounts {
  const counts: Record<string, number> = {};
  for (const row of rows) {
    if (!row.claim.checkWorthy) continue;
    const verdict = row.assessment?.verdict ?? 'could-not-check';
    if (verdict !== 'not-check-worthy') counts[verdict] = (counts[verdict] ?? 0) + 1;
  }
  return counts as VerdictCounts;
}

/**
 * Why a failed check failed, in the interface language when the row keeps the failure as counts (checks
 * saved since it does); else the English its row stored, else `fallback`.
 */
export function failedReason(check: Pick<CheckRecord, 'failure' | 'error' | 'errorNotice'>, fallback = ''): string {
  return check.failure ? failureWords(check.failure) : (checkErrorWords(check) ?? fallback);
}
