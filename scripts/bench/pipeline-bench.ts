import { runCheck } from '../../lib/core/pipeline';
import type { PipelineEvent } from '../../lib/core/pipeline-types';
import { createLinkedomExtractor } from '../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../lib/runtime/memory-cache';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings/schema';
import { startFactWorld, WORLD_TEXT } from '../../tests/servers';
import { runBaseline } from './baseline';
import { factlightCallGraph } from './call-graph';
import { idealMakespan } from './ideal-schedule';

/**
 * `npm run bench` (pipeline part): the fixed six-sentence input against the loopback servers with fixed
 * latencies, through Factlight and through the paper-structured baseline, then a cached re-run.
 */
export const LATENCY = { model: 800, search: 300, page: 200 } as const;

export async function benchPipeline(): Promise<{ lines: string[]; ok: boolean }> {
  const world = await startFactWorld();
  try {
    world.model.faults.latency(LATENCY.model);
    world.searxng.faults.latency(LATENCY.search);
    for (const site of world.sites.values()) site.faults.latency(LATENCY.page);
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      model: { preset: 'custom', profiles: { custom: { baseUrl: world.model.baseUrl, apiKey: '', fastModel: 'fake-fast', strongModel: 'fake-strong', embeddingModel: '', structuredOutput: 'json_schema' } } },
      search: { ...DEFAULT_SETTINGS.search, wikipedia: { enabled: false }, searxng: { enabled: true, baseUrl: world.searxng.baseUrl } },
      evidence: { ...DEFAULT_SETTINGS.evidence, allowPrivateNetwork: true },
    };
    const cache = createMemoryCache();
    const { deps, options } = createPipelineDeps(settings, { extractor: createLinkedomExtractor(), cache });
    const limits = { model: 4, search: options.searchConcurrency, page: options.pageConcurrency };

    const counts = () => ({ model: world.model.requests.length, search: world.searxng.requests.length, page: [...world.sites.values()].reduce((n, s) => n + s.requests.length, 0) });
    const delta = (a: ReturnType<typeof counts>, b: ReturnType<typeof counts>) => ({ model: b.model - a.model, search: b.search - a.search, page: b.page - a.page });

    // Factlight
    const claimBatches: string[][] = [];
    let firstVerdict = -1;
    const before = counts();
    const started = performance.now();
    const onEvent = (event: PipelineEvent) => {
      if (event.type === 'claims') claimBatches.push(event.claims.map((c) => c.id));
      if (event.type === 'assessment' && firstVerdict < 0) firstVerdict = performance.now() - started;
    };
    const result = await runCheck(WORLD_TEXT, deps, { ...options, onEvent });
    const wall = performance.now() - started;
    const ours = delta(before, counts());
    const graph = factlightCallGraph(result, { claimBatches, searchesPerClaim: 1 });
    const bound = idealMakespan(graph, LATENCY, limits);

    // Baseline, same client and limits, no cache.
    const baseBefore = counts();
    const baseStarted = performance.now();
    const baseline = await runBaseline(WORLD_TEXT, { ...deps, cache: undefined }, options);
    const baseWall = performance.now() - baseStarted;
    const base = delta(baseBefore, counts());

    // Cached re-run: same input, same cache.
    const cachedBefore = counts();
    const cachedStarted = performance.now();
    const cachedResult = await runCheck(WORLD_TEXT, deps, options);
    const cachedWall = performance.now() - cachedStarted;
    const cached = delta(cachedBefore, counts());
    const cachedRequests = cached.model + cached.search + cached.page;

    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const ratio = wall / bound;
    const callGain = base.model / ours.model;
    const wallGain = baseWall / wall;
    const sameVerdicts = JSON.stringify(cachedResult.assessments.map((a) => a.verdict).sort()) === JSON.stringify(result.assessments.map((a) => a.verdict).sort());
    const checks = [
      [`wall / lower bound ${ratio.toFixed(2)} <= 1.3`, ratio <= 1.3],
      [`model calls ${callGain.toFixed(1)}x fewer than baseline (>= 3x)`, callGain >= 3],
      [`wall time ${wallGain.toFixed(1)}x less than baseline (>= 2x)`, wallGain >= 2],
      [`cached re-run ${cachedWall.toFixed(0)} ms < 100 ms with ${cachedRequests} requests (0), same verdicts`, cachedWall < 100 && cachedRequests === 0 && sameVerdicts],
    ] as const;
    const lines = [
      `Pipeline: ${result.sentences.length} sentences, ${result.claims.filter((c) => c.checkWorthy).length} check-worthy claims; latencies model ${LATENCY.model} ms/call, search ${LATENCY.search} ms, page ${LATENCY.page} ms; limits model ${limits.model}, search ${limits.search}, pages ${limits.page}`,
      `                          Factlight     baseline`,
      `  wall time               ${s(wall).padEnd(13)} ${s(baseWall)}`,
      `  lower bound (ideal)     ${s(bound)}`,
      `  wall / lower bound      ${ratio.toFixed(2)}`,
      `  time to first verdict   ${s(firstVerdict).padEnd(13)} ${s(baseline.firstVerdictMs)}`,
      `  model calls             ${String(ours.model).padEnd(13)} ${base.model}`,
      `  tokens                  ${String(result.usage.total.promptTokens + result.usage.total.completionTokens).padEnd(13)} ${baseline.tokens}`,
      `  search calls            ${String(ours.search).padEnd(13)} ${base.search}`,
      `  page fetches            ${String(ours.page).padEnd(13)} ${base.page}`,
      `  cached re-run           ${cachedWall.toFixed(1)} ms, ${cachedRequests} requests`,
      ...checks.map(([label, ok]) => `  ${ok ? 'PASS' : 'MISS'} ${label}`),
    ];
    return { lines, ok: checks.every(([, ok]) => ok) };
  } finally {
    await world.close();
  }
}
