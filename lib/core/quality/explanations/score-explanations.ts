/**
 * Quality of Factlight's own explanations of refuted and disputed claims, in ONE model call per check
 * (stage 'explain') that does two jobs per claim: FinGrAct's tasks 1-2 (the claim's errors from the
 * evidence; does the explanation name and correct each) and citation recovery (which masked explanation
 * sentences each cited passage supports). Both read the same claim, explanation and passages, so one
 * prompt carries them: the explanation is shown only masked, which task 2 does not need the markers for.
 * The link part of FinGrAct is scored by code from the assessment, without the model.
 */
import { z } from 'zod';

import { DATA_BLOCK_RULE, dataBlock } from '../../model/prompt-safety';
import { type ModelCallContext, structuredCall } from '../../model/structured-call';
import { textLanguageLine } from '../../model/text-language';
import type { Claim, ClaimAssessment, Evidence, Stance, Verdict } from '../../types';
import { actionabilityScore } from './actionability-score';
import { RECOVERY_RULES } from './attribute-citations';
import { attributionResult, type CitationPair } from './attribution-metrics';
import { citedNumbers, type CitedSentence, citedSentences, numberedSentences } from './cited-sentences';
import { numberedEvidence, type NumberedPassage, passageBlocks } from './explain-evidence';
import { claimErrorSchema, FINGRACT_TASKS, toClaimErrors } from './fingract-prompt';
import type { ActionabilityScore, AttributionResult, ExplanationLinkScore } from './types';

const PASSAGE_CHARS = 1_000;

export interface ExplanationToScore {
  claim: Claim;
  assessment: ClaimAssessment;
}

/** Both results per claim id; a claim the model did not answer (fully) is absent, never scored 0. */
export interface ExplanationScores {
  actionability: Map<string, ActionabilityScore>;
  attribution: Map<string, AttributionResult>;
}

const scoreSchema = z.object({
  claims: z.array(
    z.object({
      id: z.string(),
      errors: z.array(claimErrorSchema),
      recovered: z.array(z.object({ passage: z.number().int(), sentences: z.array(z.number().int()) })),
    }),
  ),
});

// i18n-exempt: a prompt sent to the model, English by design
const SYSTEM = `You review fact-check explanations. For each claim you get its verdict, the explanation (its
sentences numbered, citation markers removed) and evidence passages numbered [n], with the stance a judge
gave each. Answer three tasks per claim and return one entry per claim with its id.
${FINGRACT_TASKS}
Task 3, for each passage number listed as "cited": ${RECOVERY_RULES} Give it in "recovered" as the
passage number and the sentence numbers.
${DATA_BLOCK_RULE}`;

/** The claims whose explanations are scored: refuted or disputed, with an explanation. */
export function explanationsToScore(
  claims: readonly Claim[],
  assessments: ReadonlyMap<string, ClaimAssessment>,
): ExplanationToScore[] {
  return claims
    .map((claim) => ({ claim, assessment: assessments.get(claim.id) }))
    .filter(
      (entry): entry is ExplanationToScore =>
        (entry.assessment?.verdict === 'refuted' || entry.assessment?.verdict === 'disputed') &&
        entry.assessment.explanation.trim() !== '',
    );
}

/**
 * Whether a passage's stance backs the verdict. Refuted: only 'refutes'. Disputed: the explanation's job is
 * to show the conflict, so a passage on either side backs it ('supports', 'partially-supports' or
 * 'refutes'); for disputed claims "supports" therefore equals "relevant". Other verdicts are not scored.
 */
export function stanceBacksVerdict(stance: Stance, verdict: Verdict): boolean {
  if (verdict === 'refuted') return stance === 'refutes';
  if (verdict === 'disputed') return stance !== 'irrelevant';
  return false;
}

/**
 * FinGrAct link scores for the passages an explanation cites, one per URL (flags merged when two cited
 * passages share one). works: we read the page or structured record ('page', 'knowledge-graph',
 * 'fact-check'), not only a search snippet because the page could not be read; relevant: the judge's stance
 * is not 'irrelevant'; supports: {@link stanceBacksVerdict}.
 */
export function linkScoresFor(
  assessment: ClaimAssessment,
  passages: readonly NumberedPassage[],
  cited: readonly number[],
): ExplanationLinkScore[] {
  const byUrl = new Map<string, ExplanationLinkScore>();
  for (const n of cited) {
    const passage = passages.find((entry) => entry.n === n);
    if (!passage) continue;
    const stance = passage.stance ?? 'irrelevant';
    const score: ExplanationLinkScore = {
      url: passage.evidence.source.url,
      works: passage.evidence.origin !== 'snippet',
      relevant: stance !== 'irrelevant',
      supports: stanceBacksVerdict(stance, assessment.verdict),
    };
    const seen = byUrl.get(score.url);
    byUrl.set(
      score.url,
      seen
        ? {
            url: score.url,
            works: seen.works || score.works,
            relevant: seen.relevant || score.relevant,
            supports: seen.supports || score.supports,
          }
        : score,
    );
  }
  return [...byUrl.values()];
}

interface Prepared {
  id: string;
  target: ExplanationToScore;
  sentences: CitedSentence[];
  passages: NumberedPassage[];
  cited: number[];
  /** Cited passages we have text for: the ones task 3 asks about. */
  asked: number[];
}

function claimBlock(entry: Prepared): string {
  const { claim, assessment } = entry.target;
  return [
    // i18n-exempt: a prompt sent to the model, English by design
    `Claim ${entry.id} (verdict: ${assessment.verdict}):`,
    dataBlock('CLAIM', claim.text, entry.id),
    dataBlock('EXPLANATION', numberedSentences(entry.sentences), entry.id),
    passageBlocks(entry.passages, PASSAGE_CHARS, `${entry.id}-`),
    // i18n-exempt: a prompt sent to the model, English by design
    `Cited passages for task 3: ${entry.asked.join(', ') || 'none'}.`,
  ].join('\n');
}

/**
 * Scores the explanations of `targets` in one call; no call when there are none. Throws like
 * `structuredCall` when the call fails (the caller decides what a failed stage means).
 *
 * @param evidence the check's evidence (looked up by the assessments' `citedEvidenceIds`).
 * @param language BCP 47 tag of the checked text: for splitting explanations into sentences (guessed when absent).
 * @param promptLanguage the language named to the model (`promptLanguage`), so the errors and corrections it lists
 * are written in it: only one declared or reliably guessed.
 */
export async function scoreExplanations(
  ctx: ModelCallContext,
  targets: readonly ExplanationToScore[],
  evidence: readonly Evidence[],
  language?: string,
  promptLanguage?: string,
): Promise<ExplanationScores> {
  const scores: ExplanationScores = { actionability: new Map(), attribution: new Map() };
  if (targets.length === 0) return scores;
  const evidenceById = new Map(evidence.map((item) => [item.id, item]));
  const prepared: Prepared[] = targets.map((target, index) => {
    const sentences = citedSentences(target.assessment.explanation, language);
    const passages = numberedEvidence(target.assessment, evidenceById);
    const cited = citedNumbers(sentences);
    return {
      id: `k${index + 1}`,
      target,
      sentences,
      passages,
      cited,
      asked: cited.filter((n) => passages.some((p) => p.n === n)),
    };
  });
  const { value } = await structuredCall(ctx, {
    stage: 'explain',
    role: 'strong',
    name: 'explanation_quality',
    schema: scoreSchema,
    messages: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: [textLanguageLine(promptLanguage), ...prepared.map(claimBlock)].filter(Boolean).join('\n\n'),
      },
    ],
  });
  const byId = new Map(prepared.map((entry) => [entry.id, entry]));
  for (const reply of value.claims) {
    const entry = byId.get(reply.id);
    if (!entry) continue;
    byId.delete(reply.id); // first answer per claim counts
    const claimId = entry.target.claim.id;
    scores.actionability.set(
      claimId,
      actionabilityScore(
        toClaimErrors(reply.errors),
        linkScoresFor(entry.target.assessment, entry.passages, entry.cited),
      ),
    );
    const answers = new Map(reply.recovered.map((answer) => [answer.passage, answer.sentences]));
    // Attribution only when every asked passage was answered: a skipped one is no evidence of "unsupported".
    if (!entry.asked.every((n) => answers.has(n))) continue;
    const pairs: CitationPair[] = entry.asked.flatMap((citation) =>
      [...new Set(answers.get(citation))]
        .filter((s) => s >= 1 && s <= entry.sentences.length)
        .map((s) => ({ sentenceIndex: s - 1, citation })),
    );
    scores.attribution.set(claimId, attributionResult(entry.sentences, pairs));
  }
  return scores;
}
