import { batchSentences } from './stages/extract-claims';
import { MAX_CLAIMS_PER_CALL } from './stages/generate-queries';
import { detectLanguage, splitSentences } from './stages/sentences';

/**
 * What a check will cost, before it runs: shown before a long check so the user can decide, and used to
 * warn when it would exceed the token budget. Rough by nature: it assumes the averages below.
 */
const CLAIMS_PER_SENTENCE = 1.6;
/** Tokens of a verification call: instructions, claim, and a few passages of ~250 tokens, plus the reply. */
const VERIFY_TOKENS = 2_200;
const QUERY_TOKENS_PER_CLAIM = 90;
const CLAIM_TOKENS_PER_SENTENCE = 120;
const FIXED_PROMPT_TOKENS = 450;
/** Share of claims found wrong, for the revision call's size. */
const WRONG_SHARE = 0.2;

export interface CheckEstimate {
  sentences: number;
  claims: number;
  modelCalls: number;
  tokens: number;
}

export function estimateCheck(text: string, passagesPerClaim = 4): CheckEstimate {
  const sentences = splitSentences(text, detectLanguage(text)).filter((s) => s.kind !== 'code');
  const claims = Math.round(sentences.length * CLAIMS_PER_SENTENCE);
  const claimCalls = batchSentences(sentences).length;
  const queryCalls = Math.ceil(claims / MAX_CLAIMS_PER_CALL);
  const modelCalls = claimCalls + queryCalls + claims + (claims > 0 ? 2 : 0);
  const tokens =
    claimCalls * FIXED_PROMPT_TOKENS +
    sentences.length * CLAIM_TOKENS_PER_SENTENCE +
    queryCalls * FIXED_PROMPT_TOKENS +
    claims * QUERY_TOKENS_PER_CLAIM +
    claims * Math.round((VERIFY_TOKENS * passagesPerClaim) / 4) +
    (claims > 0 ? 2 * FIXED_PROMPT_TOKENS + Math.round(claims * WRONG_SHARE * 600) : 0);
  return { sentences: sentences.length, claims, modelCalls, tokens };
}
