import { describe, expect, it } from 'vitest';

import { batchSentences } from '../../../../../lib/core/claims/claim-prompt';
import { DEBATE_CALLS_PER_WRONG_CLAIM, estimateCheck } from '../../../../../lib/core/model/estimate';
import { runCheck } from '../../../../../lib/core/pipeline';
import { DEFAULT_MAX_ROUNDS } from '../../../../../lib/core/quality/explanations/debate-refine';
import { splitSentences } from '../../../../../lib/core/text/sentences';
import { fakeRun } from '../../../support/fake-run';

/** `n` distinct factual sentences, enough for several claim-extraction batches when n is large. */
const sentencesText = (n: number) =>
  Array.from({ length: n }, (_, i) => `The quokka colony number ${i + 1} lives on Rottnest Island.`).join(' ');

describe('estimateCheck', () => {
  it('costs nothing for a text without sentences', () => {
    expect(estimateCheck('')).toEqual({ sentences: 0, claims: 0, modelCalls: 0, tokens: 0 });
  });

  it('counts one claim call per batch (it writes the queries too), one verification per claim and three calls per check', () => {
    const text = sentencesText(60);
    const batches = batchSentences(splitSentences(text, 'en')).length;
    expect(batches).toBeGreaterThan(1);
    const estimate = estimateCheck(text);
    expect(estimate).toMatchObject({ sentences: 60, claims: 96 });
    // No query-generation calls: with 96 claims they would have added four.
    expect(estimate.modelCalls).toBe(batches + 96 + 3);
    expect(estimate.tokens).toBeGreaterThan(96 * 2_000);
  });

  it('counts one verification per expected page in Thorough mode, each page judged in a call of its own', () => {
    const text = sentencesText(5);
    const onePage = estimateCheck(text, { thorough: { pagesPerClaim: 1 } });
    const threePages = estimateCheck(text, { thorough: { pagesPerClaim: 3 } });
    expect(onePage.claims).toBe(8);
    expect(threePages.modelCalls).toBe(onePage.modelCalls + 8 * 2);
    expect(threePages.tokens).toBeGreaterThan(onePage.tokens);
  });

  it("adds Thorough's debate: for each claim expected wrong, at most 2 reviews, 2 calls a round and a refiner", () => {
    // The most calls one claim's debate can make, with the round limit the pipeline runs.
    expect(DEBATE_CALLS_PER_WRONG_CLAIM).toBe(2 + 2 * DEFAULT_MAX_ROUNDS + 1);
    const text = sentencesText(25);
    const fast = estimateCheck(text);
    const thorough = estimateCheck(text, { thorough: { pagesPerClaim: 1 } });
    // 40 claims, a fifth of them expected refuted or disputed: 8 debates.
    expect(fast.claims).toBe(40);
    expect(thorough.modelCalls).toBe(fast.modelCalls + 8 * DEBATE_CALLS_PER_WRONG_CLAIM);
    expect(thorough.tokens).toBeGreaterThan(fast.tokens + 8 * DEBATE_CALLS_PER_WRONG_CLAIM * 1_000);
    // The debate runs on the strong model: a reasoning strong model thinks in each of its calls too.
    const reasoning = { strong: 'medium' } as const;
    expect(estimateCheck(text, { reasoning, thorough: { pagesPerClaim: 1 } }).reasoningTokens).toBe(
      estimateCheck(text, { reasoning }).reasoningTokens! + 8 * DEBATE_CALLS_PER_WRONG_CLAIM * 1_200,
    );
  });

  it('grows with the text', () => {
    const short = estimateCheck(sentencesText(5));
    const long = estimateCheck(sentencesText(50));
    expect(long.modelCalls).toBeGreaterThan(short.modelCalls);
    expect(long.tokens).toBeGreaterThan(short.tokens);
  });

  it('counts the kinds of calls a check makes: claims by batch, no separate queries, a verification per claim', async () => {
    const text = sentencesText(60);
    const { deps, options, modelCalls } = fakeRun({
      'https://quokka-daily.example/a': 'Quokkas live on Rottnest Island. They are marsupials.',
    });
    const result = await runCheck(text, deps, options);
    const calls = (name: string) => modelCalls.filter((call) => call.jsonSchema?.name === name).length;
    expect(calls('atomic_claims')).toBe(batchSentences(result.sentences).length);
    expect(calls('claim_queries')).toBe(0);
    expect(calls('claim_verification')).toBe(result.claims.length);
    // Nothing is found wrong by this fake model, so of the three once-per-check calls only the source types run.
    expect(calls('source_types')).toBe(1);
    expect(modelCalls).toHaveLength(calls('atomic_claims') + calls('claim_verification') + 1);
  });

  it("adds reasoning models' hidden tokens per call, by effort and role", () => {
    const text = sentencesText(10);
    const plain = estimateCheck(text);
    const reasoning = estimateCheck(text, { reasoning: { fast: 'low', strong: 'medium' } });
    const fastCalls = batchSentences(splitSentences(text, 'en')).length + 1;
    const strongCalls = plain.modelCalls - fastCalls;
    expect(reasoning.reasoningTokens).toBe(fastCalls * 300 + strongCalls * 1_200);
    expect(reasoning.tokens).toBe(plain.tokens + reasoning.reasoningTokens!);
    expect(reasoning.modelCalls).toBe(plain.modelCalls);
    expect(estimateCheck(text, { reasoning: { strong: 'high' } }).reasoningTokens).toBe(strongCalls * 4_000);
  });
});
