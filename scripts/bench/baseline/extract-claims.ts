/**
 * The paper-structured baseline's claim stage (scripts/bench/baseline.ts): the claim prompt of
 * lib/core/claims/claim-prompt.ts, answered whole before any claim is used. Factlight itself streams the
 * same call (lib/core/claims/stream-claims.ts), so a claim's search starts while the model still writes.
 */
import {
  claimsCallSpec,
  claimsFromReply,
  type ExtractClaimsInput,
  type ExtractedClaims,
} from '../../../lib/core/claims/claim-prompt';
import { type ModelCallContext, structuredCall } from '../../../lib/core/model/structured-call';
import type { Sentence } from '../../../lib/core/types';

/** Extracts and anchors the claims of one batch of sentences, with their search queries. */
export async function extractClaims(
  ctx: ModelCallContext,
  input: ExtractClaimsInput,
  batch: readonly Sentence[],
): Promise<ExtractedClaims> {
  const { value } = await structuredCall(ctx, claimsCallSpec(input, batch));
  return claimsFromReply(input, batch, value);
}
