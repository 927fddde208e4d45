/**
 * Credibility scores (Facts&Evidence): a claim's credibility is its supporting evidence over the evidence
 * judged relevant to it. Irrelevant passages are left out of the denominator: measured on Factcheck-Bench
 * with human stances, counting them costs about 0.1 macro-F1 even with a perfect judge (most retrieved
 * passages are irrelevant). Partial support counts half. Scoring is a pure function of the stances and
 * the user's filters (source types, single sources, sources rated low), so unticking a source re-scores
 * instantly with no model call.
 */
import { rateUrl, type RatingsTable } from '../evidence/sources/domain-ratings';
import type { Band, Claim, ClaimAssessment, Evidence, Score, SourceType, Stance } from '../types';
import { deriveVerdict } from '../verify/verdict';

export const BAND_THRESHOLDS = { red: 0.3, orange: 0.6 } as const;
const STANCE_WEIGHT: Record<Stance, number | null> = {
  supports: 1,
  'partially-supports': 0.5,
  refutes: 0,
  irrelevant: null,
};

export interface ScoreFilters {
  excludedSourceTypes?: ReadonlySet<SourceType>;
  excludedEvidenceIds?: ReadonlySet<string>;
  /** "Don't count sources rated low": evidence whose host `ratings` rates low is left out. */
  excludeRatedLow?: boolean;
  /** The domain ratings that filter looks hosts up in; without them no source is rated, none left out. */
  ratings?: RatingsTable;
}

/** Whether the filters leave this evidence out of the score (a missing item is kept: its judgement counts). */
export function isExcluded(item: Evidence | undefined, evidenceId: string, filters: ScoreFilters): boolean {
  if (filters.excludedEvidenceIds?.has(evidenceId)) return true;
  if (!item) return false;
  if (filters.excludedSourceTypes?.has(item.source.sourceType)) return true;
  return Boolean(
    filters.excludeRatedLow && filters.ratings && rateUrl(filters.ratings, item.source.url)?.band === 'low',
  );
}

export function bandFor(value: number | null): Band {
  if (value === null) return 'unknown';
  if (value < BAND_THRESHOLDS.red) return 'red';
  if (value < BAND_THRESHOLDS.orange) return 'orange';
  return 'green';
}

export interface ClaimScore {
  claimId: string;
  /** The verdict after filters; `could-not-check` and `not-check-worthy` pass through unchanged. */
  verdict: ClaimAssessment['verdict'];
  score: Score;
}

/** Scores one claim from its judgements, leaving out filtered evidence. */
export function scoreClaim(
  claim: Claim,
  assessment: ClaimAssessment | undefined,
  evidenceById: ReadonlyMap<string, Evidence>,
  filters: ScoreFilters = {},
): ClaimScore {
  if (!claim.checkWorthy)
    return {
      claimId: claim.id,
      verdict: 'not-check-worthy',
      score: { value: null, band: 'grey', checked: 0, total: 0 },
    };
  if (!assessment || assessment.verdict === 'could-not-check') {
    return {
      claimId: claim.id,
      verdict: 'could-not-check',
      score: { value: null, band: 'unknown', checked: 0, total: 1 },
    };
  }
  const kept = assessment.judgements.filter(
    (judgement) => !isExcluded(evidenceById.get(judgement.evidenceId), judgement.evidenceId, filters),
  );
  const weights = kept
    .map((judgement) => STANCE_WEIGHT[judgement.stance])
    .filter((weight): weight is number => weight !== null);
  const value = weights.length > 0 ? weights.reduce((sum, weight) => sum + weight, 0) / weights.length : null;
  const verdict = deriveVerdict(kept.map((judgement) => judgement.stance));
  // A disputed claim (a source refutes it) is never drawn in the credible colour, however many support it.
  const band = verdict === 'disputed' && bandFor(value) === 'green' ? 'orange' : bandFor(value);
  return { claimId: claim.id, verdict, score: { value, band, checked: 1, total: 1 } };
}

/** Aggregates claim scores (a sentence's, or the whole text's): the mean over claims that have a score. */
export function aggregate(scores: readonly ClaimScore[]): Score {
  const counted = scores.filter((entry) => entry.verdict !== 'not-check-worthy');
  const valued = counted.map((entry) => entry.score.value).filter((value): value is number => value !== null);
  const checked = counted.filter((entry) => entry.verdict !== 'could-not-check').length;
  if (counted.length === 0) return { value: null, band: 'grey', checked: 0, total: 0 };
  const value = valued.length > 0 ? valued.reduce((sum, v) => sum + v, 0) / valued.length : null;
  return { value, band: bandFor(value), checked, total: counted.length };
}

export interface TextScores {
  claims: Map<string, ClaimScore>;
  sentences: Map<number, Score>;
  overall: Score;
}

/** Scores every claim, sentence and the whole text under the given filters. */
export function scoreText(
  claims: readonly Claim[],
  assessments: ReadonlyMap<string, ClaimAssessment>,
  evidence: readonly Evidence[],
  filters: ScoreFilters = {},
): TextScores {
  const evidenceById = new Map(evidence.map((item) => [item.id, item]));
  const claimScores = new Map(
    claims.map((claim) => [claim.id, scoreClaim(claim, assessments.get(claim.id), evidenceById, filters)]),
  );
  const bySentence = new Map<number, ClaimScore[]>();
  for (const claim of claims) {
    const list = bySentence.get(claim.sentenceIndex) ?? [];
    list.push(claimScores.get(claim.id)!);
    bySentence.set(claim.sentenceIndex, list);
  }
  const sentences = new Map([...bySentence].map(([index, list]) => [index, aggregate(list)]));
  return { claims: claimScores, sentences, overall: aggregate([...claimScores.values()]) };
}
