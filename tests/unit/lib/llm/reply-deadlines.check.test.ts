/**
 * A whole check whose model stalls mid-reply (issue 24, item 2): before, the call stayed pending for ever
 * and the check never ended. Now the stalled claim ends "could not check" after its retries, and every
 * other claim is judged; a stalled claim-extraction stream is asked again without streaming.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { runCheck } from '../../../../lib/core/pipeline';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../../../lib/runtime/memory-cache';
import { worldSettings } from '../../../../scripts/bench/world-settings';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../../../scripts/lib/servers/index';

describe('a check against a model server that stalls mid-reply', () => {
  let world: FactWorld;
  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterEach(() => world.model.stallWhen(null));
  afterAll(() => world.close());

  const check = () => {
    const { deps, options } = createPipelineDeps(worldSettings(world), {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
      retry: { baseDelayMs: 1, maxDelayMs: 2, maxRetries: 1 },
      replyDeadlines: { idleMs: 200, totalMs: 10_000 },
    });
    return runCheck(WORLD_TEXT, deps, options);
  };

  it('ends: the claim whose verification stalls could not be checked, the others are judged', async () => {
    world.model.stallWhen(
      (request) =>
        request.response_format?.type === 'json_schema' &&
        request.response_format.json_schema.name === 'claim_verification' &&
        /<<<CLAIM>>>\n[^\n]*Everest/.test(request.userText),
    );
    const result = await check();
    const verdicts = new Map(result.assessments.map((a) => [a.claimId, a]));
    const everest = result.claims.filter((claim) => claim.text.includes('Everest'));
    expect(everest.length).toBeGreaterThan(0);
    for (const claim of everest)
      expect(verdicts.get(claim.id)).toMatchObject({
        verdict: 'could-not-check',
        error: expect.stringMatching(/stopped sending its reply/),
      });
    const others = result.claims.filter((claim) => claim.checkWorthy && !claim.text.includes('Everest'));
    expect(others.length).toBeGreaterThan(3);
    expect(others.filter((claim) => verdicts.get(claim.id)?.verdict === 'could-not-check')).toEqual([]);
  }, 60_000);

  it('a stalled claim-extraction stream is asked again without streaming, and the check completes', async () => {
    world.model.stallWhen((request) => request.stream === true);
    const result = await check();
    expect(result.claims.length).toBeGreaterThan(4);
    expect(result.assessments.every((a) => a.verdict !== 'could-not-check')).toBe(true);
    expect(world.model.requests.some((r) => (r.body as { stream?: boolean }).stream === true)).toBe(true);
  }, 60_000);
});
