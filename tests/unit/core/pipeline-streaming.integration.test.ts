import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../lib/core/pipeline';
import type { PipelineEvent } from '../../../lib/core/pipeline-types';
import { createLinkedomExtractor } from '../../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../../lib/runtime/memory-cache';
import { DEFAULT_SETTINGS, type Settings } from '../../../lib/settings/schema';
import { startFactWorld, WORLD_TEXT, type FactWorld } from '../../servers';

/**
 * Streamed claim extraction against the real loopback servers, through the extension's own wiring (the
 * openai SDK with `stream: true`): the model server holds its SSE reply after the first claim until a
 * search request reaches SearXNG, so the check can only get past that point if it searched for a claim
 * while the claims call was still open. A safety timeout releases the hold and is recorded, so a
 * regression fails the ordering assertion instead of hanging.
 */
describe('streamed claims against the streaming loopback server', () => {
  let world: FactWorld;
  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterAll(() => world.close());

  it('sends the first search request before the claims call has finished', async () => {
    const order: string[] = [];
    const firstSearch = world.searxng.waitForRequests(1).then(() => order.push('first search arrived'));
    let safety: ReturnType<typeof setTimeout> | undefined;
    const released = Promise.race([firstSearch, new Promise<void>((resolve) => (safety = setTimeout(() => resolve(void order.push('hold timed out')), 15_000)))]);
    // No latency: only the hold after the first claim (about 100 tokens in) orders things.
    world.model.modelLatency({ profile: { name: 'instant', ttftMs: 0, tokensPerSecond: 0 }, scale: 1, hold: { afterTokens: 110, until: released } });
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      model: { preset: 'custom', profiles: { custom: { baseUrl: world.model.baseUrl, apiKey: '', fastModel: 'fake-fast', strongModel: 'fake-strong', embeddingModel: '', structuredOutput: 'json_schema' } } },
      search: { ...DEFAULT_SETTINGS.search, wikipedia: { enabled: false }, searxng: { enabled: true, baseUrl: world.searxng.baseUrl } },
      evidence: { ...DEFAULT_SETTINGS.evidence, allowPrivateNetwork: true },
    };
    const { deps, options } = createPipelineDeps(settings, { extractor: createLinkedomExtractor(), cache: createMemoryCache() });
    const events: PipelineEvent[] = [];
    const result = await runCheck(WORLD_TEXT, deps, {
      ...options,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'claims') order.push(`claim ${event.claims.map((c) => c.id).join(',')}`);
      },
    });
    clearTimeout(safety);

    const claimsCall = world.model.requests.find((r) => (r.body as { response_format?: { json_schema?: { name?: string } } }).response_format?.json_schema?.name === 'atomic_claims');
    expect((claimsCall?.body as { stream?: boolean }).stream).toBe(true);
    // The search was sent while the claims reply was held open: the hold was released by it, not by the timeout.
    expect(order).not.toContain('hold timed out');
    expect(order.indexOf('first search arrived')).toBeGreaterThan(-1);
    // Claims past the hold (all but the first of each batch) could only be read after that search.
    const searched = order.indexOf('first search arrived');
    const held = order.filter((line, index) => line.startsWith('claim ') && !['claim c0-0', 'claim c3-0'].includes(line) && index < searched);
    expect(held).toEqual([]);
    expect(order.filter((line) => line.startsWith('claim '))).toHaveLength(9);
    // And the held-back rest of the reply still arrived: every claim was checked, none twice.
    expect(result.claims.filter((c) => c.checkWorthy)).toHaveLength(8);
    expect(world.searxng.requests).toHaveLength(8);
    expect(new Set(world.searxng.requests.map((r) => r.query.get('q'))).size).toBe(8);
    expect(result.assessments.filter((a) => a.verdict === 'could-not-check')).toEqual([]);
  });
});
