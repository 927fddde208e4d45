/**
 * Prompts and reply schemas of the Thorough mode's debate (debate-refine.ts): two critics, one with an
 * error typology and one without (the typology-guided critic catches named error kinds, the free one what
 * the typology misses), then a refiner that applies only their agreed feedback.
 */
import { z } from 'zod';

import { DATA_BLOCK_RULE, dataBlock } from '../../model/prompt-safety';
import { textLanguageLine } from '../../model/text-language';
import type { Claim, ClaimAssessment, Revision } from '../../types';
import { type NumberedPassage, passageBlocks } from './explain-evidence';

const PASSAGE_CHARS = 1_000;

export type CriticName = 'A' | 'B';

export const reviewSchema = z.object({ issues: z.array(z.string()) });
export const exchangeSchema = z.object({
  issues: z.array(z.string()),
  endorsed: z.array(z.number().int()),
  agree: z.boolean(),
});
export const refineSchema = z.object({
  explanation: z.string(),
  changes: z.array(z.object({ from: z.string(), to: z.string() })),
});

// i18n-exempt: a prompt sent to the model, English by design
const TASK = `You review a fact-check of one claim: the explanation of its verdict and, when there is one, the
suggested correction of the sentence the claim came from. Judge both only against the numbered evidence
passages. List concrete, actionable issues, one per entry (what is wrong and what the evidence says instead);
list nothing that is fine. An empty list is a valid answer. Write the issues in the language of the text (named
below when known).`;

// i18n-exempt: a prompt sent to the model, English by design
const TYPOLOGY = `Check for these error types and name the type in each issue:
- intrinsic entity error: a name, number, date or place that contradicts the evidence;
- extrinsic entity error: an entity the evidence does not mention;
- event error: an event or action misstated;
- noun-phrase error: a wrong description or attribute of something;
- reasoning incoherence: the reasoning does not follow from the evidence or contradicts the verdict;
- overgeneralisation: a statement broader than the evidence supports;
- irrelevant evidence: a cited passage that does not bear on the claim.`;

/** The system prompt of a critic: A with the typology, B without. */
export function criticSystem(critic: CriticName): string {
  return [TASK, critic === 'A' ? TYPOLOGY : null, DATA_BLOCK_RULE].filter(Boolean).join('\n');
}

// i18n-exempt: a prompt sent to the model, English by design
export const EXCHANGE_RULES = `Another reviewer reviewed the same fact-check. Reconsider your issues in light of
theirs: keep what you still hold, drop what you now think wrong, add their points you accept. "endorsed":
the numbers of the other reviewer's issues you accept as correct. "agree": true only when your revised list
and theirs now say the same (you reject none of their points and they have all of yours).`;

// i18n-exempt: a prompt sent to the model, English by design
export const REFINER_SYSTEM = `You rewrite a fact-check using reviewers' agreed feedback and nothing else. Rewrite
the explanation to address every feedback point, keeping everything the feedback does not touch; keep
citations as [n] with the same passage numbers, citing only passages that exist. When a corrected sentence
is given and the feedback concerns it, give replacements in "changes": "from" is an exact span of the
corrected sentence and "to" its replacement; otherwise leave "changes" empty.
Write the explanation in the language of the text (named below when known). ${DATA_BLOCK_RULE}`;

/**
 * What both critics and the refiner see: the text's language (BCP 47) when known, so that what they write
 * is in it; claim, verdict, sentence, explanation, correction, evidence.
 */
export function debateContext(
  claim: Claim,
  assessment: ClaimAssessment,
  passages: readonly NumberedPassage[],
  revision?: Revision,
  language?: string,
): string {
  return [
    textLanguageLine(language),
    `Verdict: ${assessment.verdict}.`,
    dataBlock('CLAIM', claim.text),
    // i18n-exempt: a prompt sent to the model, English by design
    revision ? dataBlock('ORIGINAL SENTENCE', revision.original) : null,
    dataBlock('EXPLANATION', assessment.explanation),
    // i18n-exempt: a prompt sent to the model, English by design
    revision ? dataBlock('CORRECTED SENTENCE', revision.revised) : null,
    passageBlocks(passages, PASSAGE_CHARS),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** A list of issues numbered from 1 inside a data block (critics' words derive from untrusted text). */
export function issuesBlock(label: string, issues: readonly string[]): string {
  return dataBlock(
    label,
    // i18n-exempt: a prompt sent to the model, English by design
    issues.length === 0 ? '(no issues)' : issues.map((issue, index) => `${index + 1}. ${issue}`).join('\n'),
  );
}
