/**
 * The paper-structured baseline's query stage (scripts/bench/baseline.ts): search queries asked for in a
 * call of their own, as the published pipelines do. Factlight asks for them in the claim call itself
 * (lib/core/claims/query-prompt.ts), which saves a model round-trip on every check's critical path.
 */
import { z } from 'zod';

import { QUERY_FIELDS, QUERY_INSTRUCTIONS, toClaimQueries } from '../../../lib/core/claims/query-prompt';
import { DATA_BLOCK_RULE, dataBlock } from '../../../lib/core/model/prompt-safety';
import { type ModelCallContext, structuredCall } from '../../../lib/core/model/structured-call';
import type { Claim, ClaimQueries } from '../../../lib/core/types';

const queriesSchema = z.object({ claims: z.array(z.object({ id: z.string(), ...QUERY_FIELDS })) });

const SYSTEM = `You write web searches for fact-checking claims.\n${QUERY_INSTRUCTIONS}\nReturn every claim id you were given. ${DATA_BLOCK_RULE}`;

/** Generates queries for a batch of claims in a call of its own (the baseline's structure). */
export async function generateQueries(
  ctx: ModelCallContext,
  claims: readonly Claim[],
  language: string,
): Promise<ClaimQueries[]> {
  if (claims.length === 0) return [];
  const list = claims.map((claim) => `${claim.id}: ${claim.text}`).join('\n');
  const { value } = await structuredCall(ctx, {
    stage: 'queries',
    role: 'fast',
    name: 'claim_queries',
    schema: queriesSchema,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `Language of the text: ${language}.\n\n${dataBlock('CLAIMS', list)}` },
    ],
  });
  const byId = new Map(value.claims.map((entry) => [entry.id, entry]));
  return claims.map((claim) => toClaimQueries(claim, byId.get(claim.id), language));
}
