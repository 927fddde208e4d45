/**
 * FinGrAct's first two tasks as prompt text and reply schema, shared by the batched scoring of Factlight's
 * own explanations (score-explanations.ts) and "Rate an explanation" (rate-explanation.ts). The scores are
 * computed by code, but the errors and corrections are shown to the reader (the claim card's usefulness
 * breakdown), so they are asked for in the checked text's language.
 */
import { z } from 'zod';

import type { ClaimError } from './types';

/** One error of the claim (task 1) with what the explanation does about it (task 2). */
export const claimErrorSchema = z.object({
  subClaim: z.string(),
  error: z.string(),
  correction: z.string(),
  named: z.boolean(),
  corrected: z.boolean(),
});

// i18n-exempt: a prompt sent to the model, English by design
export const FINGRACT_TASKS = `Task 1, from the evidence only (ignore the explanation here): split the claim into
atomic sub-claims and list each sub-claim the evidence shows to be wrong, with the error (what is wrong,
per the evidence) and the correction (the right fact, per the evidence). List no error the evidence does
not show; an empty list is a valid answer.
Task 2, for each error of task 1: "named" is true when the explanation states that this part of the claim
is wrong; "corrected" is true when the explanation gives this correction (the right fact, not only that
the claim is wrong).
Write "error" and "correction" in the language of the text (named below when known), whatever the language
of the passages: the reader sees them; "subClaim" stays the claim's own words.`;

/** Cleans the model's errors: trims text, drops entries without a sub-claim or an error. */
export function toClaimErrors(raw: ReadonlyArray<z.infer<typeof claimErrorSchema>>): ClaimError[] {
  return raw
    .map((entry) => ({
      subClaim: entry.subClaim.trim(),
      error: entry.error.trim(),
      correction: entry.correction.trim(),
      named: entry.named,
      corrected: entry.corrected,
    }))
    .filter((entry) => entry.subClaim !== '' && entry.error !== '');
}
