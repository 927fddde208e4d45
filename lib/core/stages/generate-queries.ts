import { z } from 'zod';
import { dataBlock, DATA_BLOCK_RULE } from '../model/prompt-safety';
import { structuredCall, type ModelCallContext } from '../model/structured-call';
import type { Claim, ClaimQueries } from '../types';

/**
 * For each claim, a web search query and a type-aware question whose answer is the fact being checked
 * (FLEEK), in the text's language, plus English versions when the text is not English (English sources
 * are often the richest). One call covers a batch of claims.
 */
export const MAX_CLAIMS_PER_CALL = 25;

const queriesSchema = z.object({
  claims: z.array(
    z.object({
      id: z.string(),
      query: z.string(),
      question: z.string(),
      englishQuery: z.string().nullable(),
      englishQuestion: z.string().nullable(),
    }),
  ),
});

const SYSTEM = `You write web searches for fact-checking claims.
For each claim give:
- query: a concise search-engine query (keywords, names, numbers; no quotes or operators) that finds sources confirming or refuting it;
- question: a question whose answer is exactly the fact the claim asserts, phrased by fact type
  (e.g. a date claim asks "When was …?", a quantity claim asks "How tall is …?", a person claim asks "Who …?").
Write both in the language of the text. When that language is not English, also give englishQuery and
englishQuestion; otherwise set them to null. Return every claim id you were given. ${DATA_BLOCK_RULE}`;

/** Splits claims into batches for query generation. */
export function batchClaims(claims: readonly Claim[]): Claim[][] {
  const batches: Claim[][] = [];
  for (let i = 0; i < claims.length; i += MAX_CLAIMS_PER_CALL) batches.push(claims.slice(i, i + MAX_CLAIMS_PER_CALL));
  return batches;
}

/** Generates queries and questions for one batch of check-worthy claims. */
export async function generateQueries(ctx: ModelCallContext, claims: readonly Claim[], language: string): Promise<ClaimQueries[]> {
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
  const english = language.toLowerCase().startsWith('en');
  const byId = new Map(value.claims.map((entry) => [entry.id, entry]));
  return claims.map((claim) => {
    const entry = byId.get(claim.id);
    // A claim the model skipped is searched by its own words rather than not at all.
    const query = entry?.query.trim() || claim.text;
    const question = entry?.question.trim() || claim.text;
    const result: ClaimQueries = { claimId: claim.id, query, question };
    if (!english && entry?.englishQuery?.trim()) result.englishQuery = entry.englishQuery.trim();
    if (!english && entry?.englishQuestion?.trim()) result.englishQuestion = entry.englishQuestion.trim();
    return result;
  });
}
