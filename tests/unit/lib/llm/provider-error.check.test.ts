/**
 * Whole checks against the loopback server in a failing provider's strict mode (issue 23, items 1 to 3):
 * an account out of credit ends every claim at once with "out of credit (billing)" instead of retrying a
 * "rate limit"; a free tier that states its waits in the body is waited out and the check completes; a
 * content filter leaves one claim "could not check" as refused, at once, and the others judged.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { runCheck } from '../../../../lib/core/pipeline';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../../../lib/runtime/memory-cache';
import type { ModelPresetId } from '../../../../lib/settings/model-presets';
import { worldSettings } from '../../../../scripts/bench/world-settings';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../../../scripts/lib/servers/index';
import {
  geminiRules,
  messagesText,
  openAiRules,
  type ProviderRules,
} from '../../../../scripts/lib/servers/provider-rules/index';

let world: FactWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Status codes the model server answered, in order. */
let statuses: number[] = [];
const counting: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (String(input instanceof Request ? input.url : input).includes('/chat/completions'))
    statuses.push(response.status);
  return response;
};

/** A Fast check through the real wiring, with the extension's retry counts and short base delays. */
async function checkOn(rules: ProviderRules, preset: ModelPresetId, mode: 'fast' | 'thorough' = 'fast') {
  statuses = [];
  world = await startFactWorld({ provider: rules });
  const profile = {
    baseUrl: world.model.baseUrl,
    apiKey: 'sk-test',
    fastModel: rules.models[0]!,
    strongModel: rules.models[1] ?? rules.models[0]!,
    embeddingModel: '',
    structuredOutput: 'auto' as const,
  };
  const { deps, options } = createPipelineDeps(
    worldSettings(world, { mode, auditLinks: false }, { preset, profiles: { [preset]: profile } }),
    {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
      fetch: counting,
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
    },
  );
  return runCheck(WORLD_TEXT, deps, options);
}

const chatRequests = () => world!.model.requests.filter((r) => r.path === '/v1/chat/completions');

describe('whole checks against failing providers', () => {
  it('out of credit: every claim says so, and the model is asked once, not retried as a rate limit', async () => {
    const result = await checkOn(openAiRules({ outOfCredit: 'insufficient_quota' }), 'openai');
    // Claim extraction failed: the check says why where a person looks first.
    const reasons = [...result.warnings, ...result.assessments.map((a) => a.error ?? '')].join('\n');
    expect(reasons).toMatch(/Your OpenAI account is out of credit \(billing\)/);
    expect(reasons).not.toMatch(/rate/i);
    // One streamed attempt and its plain fallback at most: nothing retried, nothing sent after the answer.
    expect(chatRequests().length).toBeLessThanOrEqual(2);
  }, 60_000);

  it("Gemini's free tier: the waits stated in its 429 bodies are waited out and every claim is judged", async () => {
    const rules = geminiRules({ freeTier: { perWindow: 2, windowMs: 1_000 } });
    const result = await checkOn(rules, 'gemini');
    // The free tier did refuse: the check waited, it was not simply under the limit.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(result.claims.filter((c) => c.checkWorthy).length).toBeGreaterThan(4);
    expect(result.assessments.filter((a) => a.verdict === 'could-not-check')).toEqual([]);
    expect(result.assessments.length).toBeGreaterThan(4);
  }, 120_000);

  it('a content filter: that claim is refused at once, the others are judged', async () => {
    const result = await checkOn(openAiRules({ contentFilter: /<<<CLAIM>>>\n[^\n]*Great Wall/ }), 'openai');
    const verdicts = new Map(result.assessments.map((a) => [a.claimId, a]));
    const wall = result.claims.filter((claim) => claim.text.includes('Great Wall'));
    expect(wall.length).toBeGreaterThan(0);
    for (const claim of wall)
      expect(verdicts.get(claim.id)).toMatchObject({
        verdict: 'could-not-check',
        error:
          'OpenAI: this model refused the content (content filter). The claim is left unchecked; another model may accept it.',
      });
    const others = result.claims.filter((claim) => claim.checkWorthy && !claim.text.includes('Great Wall'));
    expect(others.filter((claim) => verdicts.get(claim.id)?.verdict === 'could-not-check')).toEqual([]);
    // Refused once per claim: not retried, no corrective turn.
    const filtered = chatRequests().filter((r) => /<<<CLAIM>>>\n[^\n]*Great Wall/.test(messagesText(r.body as never)));
    expect(filtered).toHaveLength(wall.length);
  }, 60_000);

  it('a custom server, which has no name: its errors are the sentences for the model server, worded when shown', async () => {
    const result = await checkOn(openAiRules({ contentFilter: /<<<CLAIM>>>\n[^\n]*Great Wall/ }), 'custom');
    const refused = result.assessments.filter((a) => a.verdict === 'could-not-check');
    expect(refused.length).toBeGreaterThan(0);
    for (const assessment of refused) {
      // Not "Custom (OpenAI-compatible): this model refused…": the preset's label is not a name.
      expect(assessment.error).toBe(
        'This model refused the content (content filter). The claim is left unchecked; another model may accept it.',
      );
      expect(assessment.errorNotice).toEqual({ code: 'model-refused', why: 'content-filter' });
    }
  }, 60_000);
});
