/**
 * The embedder as the extension wires it (createPipelineDeps: the real OpenAI adapter, its retries) against the
 * loopback fact world, on a provider's bad day at /v1/embeddings: it is asked again as the chat model would be, so
 * a passing 429 costs nothing; when it keeps failing, the claims still get verdicts from passages chosen by words,
 * said once, after bounded retries. A server without embeddings (404) is not asked again and says nothing; a
 * check cancelled while the embedder backs off stops at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { EMBEDDER_WAITS } from '../../../../lib/core/model/resilient-embedder';
import { runCheck } from '../../../../lib/core/pipeline';
import type { PipelineOptions } from '../../../../lib/core/pipeline-types';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../../../lib/runtime/create-pipeline-deps';
import type { RuntimeAdapters } from '../../../../lib/runtime/runtime-adapters';
import type { Settings } from '../../../../lib/settings/schema';
import { worldSettings } from '../../../../scripts/bench/world-settings';
import { type FactWorld, startFactWorld } from '../../../../scripts/lib/servers/index';

const TEXT = 'The Eiffel Tower was completed in 1889 and stands in Paris.';
const EMBEDDINGS = { pathPrefix: '/v1/embeddings' };
/** Attempts of a call that sits out every 429's stated wait it may (EMBEDDER_WAITS: two), written out. */
const ATTEMPTS_STATED = 3;
/** Backoffs after a 5xx: one, so a call that backs off (2 attempts) and one that sits out waits (3) differ. */
const MAX_RETRIES = 1;

/** The world's settings (scripts/bench/world-settings.ts) with its key and an embedding model. */
function settingsFor(world: FactWorld): Settings {
  const settings = worldSettings(world);
  const custom = settings.model.profiles.custom!;
  const profile = { ...custom, apiKey: 'sk-world', embeddingModel: 'text-embedding-3-small' };
  return { ...settings, model: { ...settings.model, profiles: { custom: profile } } };
}

function check(world: FactWorld, runtime: Partial<RuntimeAdapters> = {}, signal?: AbortSignal) {
  const { deps, options } = createPipelineDeps(settingsFor(world), {
    extractor: createLinkedomExtractor(),
    retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetries: MAX_RETRIES },
    ...runtime,
  });
  const run: PipelineOptions = signal ? { ...options, signal } : options;
  return runCheck(TEXT, deps, run);
}

const embeddingRequests = (world: FactWorld) => world.model.requests.filter((r) => r.path === '/v1/embeddings');

/** How often each distinct embeddings request was sent: the same call asked again has the same body. */
function timesEachWasSent(world: FactWorld): number[] {
  const counts = new Map<string, number>();
  for (const request of embeddingRequests(world)) counts.set(request.rawBody, (counts.get(request.rawBody) ?? 0) + 1);
  return [...counts.values()];
}

/**
 * Whether no embeddings request the check had not sent before came after the first call's last attempt (its
 * `attempts`-th): the embedder then gives up for the rest of the check, and the later pages go to words unasked.
 */
function noNewRequestAfterGivingUp(world: FactWorld, attempts: number): boolean {
  const bodies = embeddingRequests(world).map((request) => request.rawBody);
  const seen = new Map<string, number>();
  const gaveUpAt = bodies.findIndex((body) => {
    seen.set(body, (seen.get(body) ?? 0) + 1);
    return seen.get(body) === attempts;
  });
  if (gaveUpAt < 0) return false;
  const before = new Set(bodies.slice(0, gaveUpAt + 1));
  return bodies.slice(gaveUpAt + 1).every((body) => before.has(body));
}

describe('the embedder on a bad day, as createPipelineDeps wires it', () => {
  let world: FactWorld;
  beforeAll(async () => {
    world = await startFactWorld({ apiKey: 'sk-world' });
  });
  beforeEach(() => {
    world.model.faults.clear();
    world.model.requests.length = 0;
  });
  afterAll(() => world.close());

  it('asks again after a 429 and uses the embeddings: no warning', async () => {
    world.model.faults.next({ kind: 'rate-limit', retryAfterSeconds: 0 }, 1, EMBEDDINGS);
    const result = await check(world);
    // The 429 was answered, and the same request asked again.
    expect(Math.max(...timesEachWasSent(world))).toBe(2);
    expect(result.assessments.map((a) => a.verdict)).toEqual(['supported', 'supported']);
    expect(result.warnings).toEqual([]);
  });

  it('ranks by words with one warning when every request is a 429, after the stated waits run out', async () => {
    world.model.faults.always({ kind: 'rate-limit', retryAfterSeconds: 0 }, EMBEDDINGS);
    const result = await check(world);
    // The call that gave up was sent once and asked again for each stated wait it may sit out, no more; the calls
    // beside it ended with it (the embedder gives up for the rest of the check), and none was asked later.
    const sent = timesEachWasSent(world);
    expect(Math.max(...sent)).toBe(ATTEMPTS_STATED);
    expect(sent.every((times) => times <= ATTEMPTS_STATED)).toBe(true);
    expect(noNewRequestAfterGivingUp(world, ATTEMPTS_STATED)).toBe(true);
    expect(EMBEDDER_WAITS.maxRateLimitWaits + 1).toBe(ATTEMPTS_STATED);
    expect(result.assessments.map((a) => a.verdict)).toEqual(['supported', 'supported']);
    expect(result.warnings).toHaveLength(1);
    expect(result.notices?.[result.warnings[0]!]).toMatchObject({
      code: 'passages-by-words',
      causeNotice: { code: 'rate-limited' },
    });
  });

  it('does not sit out a stated wait longer than 10 s: each request sent once, the check not held up', async () => {
    world.model.faults.always({ kind: 'rate-limit', retryAfterSeconds: 11 }, EMBEDDINGS);
    const result = await check(world);
    // Sat out, the 11 s would have sent each request again.
    expect(timesEachWasSent(world).every((times) => times === 1)).toBe(true);
    expect(result.assessments.map((a) => a.verdict)).toEqual(['supported', 'supported']);
    expect(result.notices?.[result.warnings[0]!]).toMatchObject({ code: 'passages-by-words' });
    expect(result.warnings).toHaveLength(1);
  });

  it('ranks by words with one warning when every request is a 500, after maxRetries backoffs', async () => {
    world.model.faults.always({ kind: 'server-error' }, EMBEDDINGS);
    const result = await check(world);
    const sent = timesEachWasSent(world);
    expect(Math.max(...sent)).toBe(1 + MAX_RETRIES);
    expect(sent.every((times) => times <= 1 + MAX_RETRIES)).toBe(true);
    expect(noNewRequestAfterGivingUp(world, 1 + MAX_RETRIES)).toBe(true);
    expect(result.assessments.map((a) => a.verdict)).toEqual(['supported', 'supported']);
    expect(result.warnings).toHaveLength(1);
    expect(result.notices?.[result.warnings[0]!]).toMatchObject({
      code: 'passages-by-words',
      causeNotice: { code: 'http-status', status: 500 },
    });
  });

  it('stops at once when the check is cancelled while the embedder backs off', async () => {
    world.model.faults.always({ kind: 'server-error' }, EMBEDDINGS);
    const controller = new AbortController();
    let abortedAt = 0;
    // Cancels once a 500 has come back: its call then waits a backoff of at least 30 s.
    const fetchThenCancel: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/embeddings') && response.status === 500 && !abortedAt) {
        setTimeout(() => {
          abortedAt = Date.now();
          controller.abort();
        }, 50);
      }
      return response;
    };
    const result = await check(
      world,
      { fetch: fetchThenCancel, retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 } },
      controller.signal,
    );
    expect(abortedAt).toBeGreaterThan(0);
    expect(Date.now() - abortedAt).toBeLessThan(2_000);
    expect(result.stopped).toBe('cancelled');
    expect(result.warnings.filter((warning) => /word match/.test(warning))).toEqual([]);
    // Nothing was asked again after the cancel.
    expect(embeddingRequests(world).filter((request) => request.at > abortedAt)).toEqual([]);
  });
});

describe('a server without embeddings, as createPipelineDeps wires it', () => {
  let world: FactWorld;
  beforeAll(async () => {
    world = await startFactWorld({ apiKey: 'sk-world', embeddings: false });
  });
  afterAll(() => world.close());

  it('answers 404 once: never asked again, passages by words, nothing said', async () => {
    // A backoff of at least 30 s before any retry: a 404 taken for a bad day would keep the check waiting.
    const started = Date.now();
    const result = await check(world, { retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 } });
    expect(Date.now() - started).toBeLessThan(10_000);
    const sent = timesEachWasSent(world);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((times) => times === 1)).toBe(true);
    expect(result.assessments.map((a) => a.verdict)).toEqual(['supported', 'supported']);
    expect(result.warnings).toEqual([]);
  });
});
