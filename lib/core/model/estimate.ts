/**
 * What a check will cost, before it runs: shown before a long check so the user can decide, and used to
 * warn when it would exceed the token budget. Rough by nature: it assumes the averages below.
 *
 * The calls counted are the ones a check makes (see runCheck): one claim-extraction call per sentence
 * batch (it also writes the search queries), one verification per claim (Thorough: one per evidence page,
 * each page judged apart, `pagesPerClaim`), and, when some claim is found wrong, one call each for the
 * revisions and for scoring the explanations, plus one that types the sources' hosts. Thorough mode adds the
 * critics' debate for each refuted or disputed claim (quality/explanations/debate-refine.ts), counted at the
 * most one debate makes. Link audits of a text's own links are not included.
 */
import { batchSentences } from '../claims/claim-prompt';
import { DEFAULT_MAX_ROUNDS } from '../quality/explanations/debate-refine';
import { detectLanguage, splitSentences } from '../text/sentences';

const CLAIMS_PER_SENTENCE = 1.6;
/** Tokens of a verification call: instructions, claim, and a few passages of ~250 tokens, plus the reply. */
const VERIFY_TOKENS = 2_200;
/** The search query and question the claim-extraction call writes for each claim. */
const QUERY_TOKENS_PER_CLAIM = 90;
const CLAIM_TOKENS_PER_SENTENCE = 120;
const FIXED_PROMPT_TOKENS = 450;
/** Share of claims found wrong, for the revision and explanation-scoring calls' sizes. */
const WRONG_SHARE = 0.2;
/** Per wrong claim: the sentence and its correction in the revision call. */
const REVISE_TOKENS_PER_WRONG_CLAIM = 600;
/** Per wrong claim: its explanation, the passages it cites and the scores in the explanation-scoring call. */
const EXPLAIN_TOKENS_PER_WRONG_CLAIM = 1_000;
/** Calls made once per check that has claims: source types, revisions, explanation scores. */
const ONCE_PER_CHECK_CALLS = 3;
/**
 * Thorough: the debate's calls for one refuted or disputed claim, at most: 2 reviews, 2 per exchange round
 * (the pipeline runs the default round limit), 1 refiner. Critics who agree early make fewer; an upper bound,
 * like the page calls' size below.
 */
export const DEBATE_CALLS_PER_WRONG_CLAIM = 2 + 2 * DEFAULT_MAX_ROUNDS + 1;
/**
 * Tokens of a debate call: a critic's instructions, the claim, its explanation and correction, the cited
 * passages (up to 1,000 characters each), both critics' issue lists, and the reply.
 */
const DEBATE_TOKENS = 1_800;

/**
 * Hidden reasoning tokens per call of a reasoning model (gpt-5 family, o-series, gpt-oss), by
 * reasoning_effort. Rough averages for short structured tasks like ours; providers bill them as output.
 */
export const REASONING_TOKENS_PER_CALL = { low: 300, medium: 1_200, high: 4_000 } as const;

export interface EstimateOptions {
  /** reasoning_effort of each role's model, when that model reasons (absent: it does not). */
  reasoning?: { fast?: keyof typeof REASONING_TOKENS_PER_CALL; strong?: keyof typeof REASONING_TOKENS_PER_CALL };
  /**
   * Thorough mode: `pagesPerClaim` is the pages each claim is expected to be judged on (the results-per-claim
   * setting), one verification call each; refuted and disputed claims then go through the critics' debate.
   * Absent (Fast): one verification call per claim, no debate.
   */
  thorough?: { pagesPerClaim: number };
}

export interface CheckEstimate {
  sentences: number;
  claims: number;
  modelCalls: number;
  /** Every token, reasoning included. */
  tokens: number;
  /** The part of `tokens` reasoning models spend thinking (0 without reasoning models). */
  reasoningTokens?: number;
}

export function estimateCheck(text: string, options: EstimateOptions = {}): CheckEstimate {
  const sentences = splitSentences(text, detectLanguage(text)).filter((s) => s.kind !== 'code');
  const claims = Math.round(sentences.length * CLAIMS_PER_SENTENCE);
  const claimCalls = batchSentences(sentences).length;
  const wrong = claims * WRONG_SHARE;
  const verifyCalls = claims * Math.max(1, options.thorough?.pagesPerClaim ?? 1);
  const debateCalls = options.thorough ? Math.round(wrong * DEBATE_CALLS_PER_WRONG_CLAIM) : 0;
  const modelCalls = claimCalls + verifyCalls + debateCalls + (claims > 0 ? ONCE_PER_CHECK_CALLS : 0);
  const tokens =
    claimCalls * FIXED_PROMPT_TOKENS +
    sentences.length * CLAIM_TOKENS_PER_SENTENCE +
    claims * QUERY_TOKENS_PER_CLAIM +
    // A page's call repeats the instructions, the claim and a reply: counted at a whole call's size, an upper bound.
    verifyCalls * VERIFY_TOKENS +
    debateCalls * DEBATE_TOKENS +
    (claims > 0
      ? ONCE_PER_CHECK_CALLS * FIXED_PROMPT_TOKENS +
        Math.round(wrong * (REVISE_TOKENS_PER_WRONG_CLAIM + EXPLAIN_TOKENS_PER_WRONG_CLAIM))
      : 0);
  // Fast-model calls: claim extraction (with queries) and source types; the rest (the debate too) use the strong model.
  const fastCalls = claimCalls + (claims > 0 ? 1 : 0);
  const strongCalls = modelCalls - fastCalls;
  const perCall = (effort: keyof typeof REASONING_TOKENS_PER_CALL | undefined) =>
    effort ? REASONING_TOKENS_PER_CALL[effort] : 0;
  const reasoningTokens =
    fastCalls * perCall(options.reasoning?.fast) + strongCalls * perCall(options.reasoning?.strong);
  if (reasoningTokens === 0) return { sentences: sentences.length, claims, modelCalls, tokens };
  return { sentences: sentences.length, claims, modelCalls, tokens: tokens + reasoningTokens, reasoningTokens };
}
