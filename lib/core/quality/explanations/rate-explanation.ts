/**
 * "Rate an explanation": FinGrAct for any explanation a user selects (a chatbot's, a fact-checker's) of a
 * claim. Tasks 1-2 (the claim's errors from the caller's evidence; does the explanation name and correct
 * each) in ONE model call (stage 'explain'); task 3, the links, comes scored from the caller's link audit.
 * No searching here: the caller gathers the evidence.
 */
import { z } from 'zod';

import { NoticeError } from '../../errors';
import { DATA_BLOCK_RULE, dataBlock } from '../../model/prompt-safety';
import { type ModelCallContext, structuredCall } from '../../model/structured-call';
import { textLanguageLine } from '../../model/text-language';
import type { Evidence } from '../../types';
import { actionabilityScore } from './actionability-score';
import { numberedList, passageBlocks } from './explain-evidence';
import { claimErrorSchema, FINGRACT_TASKS, toClaimErrors } from './fingract-prompt';
import type { ActionabilityScore, ExplanationLinkScore } from './types';

const PASSAGE_CHARS = 1_500;

const rateSchema = z.object({ errors: z.array(claimErrorSchema) });

// i18n-exempt: a prompt sent to the model, English by design
const SYSTEM = `You evaluate how actionable a fact-checking explanation is. You get a claim, evidence passages
numbered [n] and the explanation to evaluate.
${FINGRACT_TASKS}
${DATA_BLOCK_RULE}`;

export interface ExplanationToRate {
  claim: string;
  /** The explanation as the user selected it, citation markers and all. */
  explanation: string;
  evidence: readonly Evidence[];
  /** The explanation's links as the link audit scored them; none gives a links score of 0. */
  linkScores: readonly ExplanationLinkScore[];
  /** The claim's language (BCP 47), named to the model so the errors and corrections it lists are written in it. */
  language?: string;
}

/**
 * Thrown when there is no evidence: errors come from evidence, so none could be found, nor scored. Its code is
 * kept on the rating (`errorNotice`) and worded in the interface language when shown.
 */
export class NoEvidenceError extends NoticeError {
  override readonly name = 'NoEvidenceError';

  constructor() {
    super({ code: 'rating-no-evidence' });
  }
}

/**
 * Rates one explanation. Throws like `structuredCall` when the call fails, and `NoEvidenceError` (before
 * any call) without evidence, so neither gives a score: "no errors found" with nothing to look in would
 * earn full marks by the no-error rule of {@link actionabilityScore}.
 */
export async function rateExplanation(ctx: ModelCallContext, input: ExplanationToRate): Promise<ActionabilityScore> {
  if (input.evidence.length === 0) throw new NoEvidenceError();
  const { value } = await structuredCall(ctx, {
    stage: 'explain',
    role: 'strong',
    name: 'explanation_rating',
    schema: rateSchema,
    messages: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: [
          textLanguageLine(input.language),
          dataBlock('CLAIM', input.claim),
          passageBlocks(numberedList(input.evidence), PASSAGE_CHARS),
          dataBlock('EXPLANATION', input.explanation),
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
    ],
  });
  return actionabilityScore(toClaimErrors(value.errors), input.linkScores);
}
