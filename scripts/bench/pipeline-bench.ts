/**
 * `npm run bench` (pipeline part, issue 15): the standard six-sentence input and a 30-sentence article
 * through Factlight and through the paper-structured baseline, under three model latency profiles side by
 * side: the old fixed 800 ms per call, a hosted fast model (TTFT 0.5 s, 80 tokens/s) and a local 8B model
 * (TTFT 1.5 s, 25 tokens/s). The loopback model server streams at the profile's rate. The token-aware
 * profiles run on a scaled clock (`TIME_SCALE`: the server, search and page latencies all run that much
 * faster) and every figure is printed unscaled; overhead of our own code is scaled up with them, so scaling
 * can only make Factlight's figures look worse, never better.
 */
import { runCheck } from '../../lib/core/pipeline';
import type { PipelineEvent } from '../../lib/core/pipeline-types';
import { createLinkedomExtractor } from '../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../lib/runtime/memory-cache';
import { useDefaultCatalogue } from '../lib/node-messages';
import {
  type FactWorld,
  LATENCY_PROFILES,
  type LatencyProfile,
  startFactWorld,
  WORLD_ARTICLE,
  WORLD_TEXT,
  worldResponder,
} from '../lib/servers';
import { runBaseline } from './baseline';
import { factlightCallGraph } from './call-graph';
import { idealSchedule } from './ideal-schedule';
import { type LoggedCall, loggingResponder } from './model-call-log';
import { worldSettings } from './world-settings';

useDefaultCatalogue();

export const LATENCY = { model: 800, search: 300, page: 200 } as const;

/** Real time per model time for each profile (1 = real time). */
const TIME_SCALE: Record<keyof typeof LATENCY_PROFILES, number> = { fixed: 1, hosted: 0.25, local: 0.1 };

/**
 * Output tokens of the same inputs before streamed extraction (commit face271, the scripted model's
 * replies are deterministic), for the target "output tokens no more than today's".
 */
const OUTPUT_TOKENS_BEFORE: Record<string, number> = { standard: 1687, article: 6630 };

const INPUTS = [
  { key: 'standard', label: 'standard input (6 sentences)', text: WORLD_TEXT },
  { key: 'article', label: '30-sentence article', text: WORLD_ARTICLE },
] as const;

interface Figures {
  wall: number;
  bound: number;
  firstClaim: number;
  firstVerdict: number;
  /** The first whole assessment (rationales and explanation written). */
  firstExplained: number;
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  searches: number;
  pages: number;
  sentences: number;
  claims: number;
}

function setLatency(world: FactWorld, profile: LatencyProfile, scale: number): void {
  world.model.faults.latency(0);
  world.model.modelLatency({ profile, scale });
  world.searxng.faults.latency(LATENCY.search * scale);
  for (const site of world.sites.values()) site.faults.latency(LATENCY.page * scale);
}

const counts = (world: FactWorld) => ({
  model: world.model.requests.length,
  search: world.searxng.requests.length,
  page: [...world.sites.values()].reduce((n, s) => n + s.requests.length, 0),
});

/** Factlight and the baseline on one input under one profile, figures unscaled. */
async function measure(world: FactWorld, profile: LatencyProfile, scale: number, text: string) {
  const log: LoggedCall[] = [];
  world.model.respondWith(loggingResponder(worldResponder, log));
  setLatency(world, profile, scale);
  const cache = createMemoryCache();
  const { deps, options } = createPipelineDeps(worldSettings(world), { extractor: createLinkedomExtractor(), cache });
  const limits = { model: 4, search: options.searchConcurrency, page: options.pageConcurrency };

  let firstClaim = -1;
  let firstVerdict = -1;
  let firstExplained = -1;
  const before = counts(world);
  const started = performance.now();
  const onEvent = (event: PipelineEvent) => {
    if (event.type === 'claims' && firstClaim < 0) firstClaim = performance.now() - started;
    // A verdict is there once saved, early (from the stances) or with its explanation, whichever is first.
    if ((event.type === 'verdict' || event.type === 'assessment') && firstVerdict < 0)
      firstVerdict = performance.now() - started;
    if (event.type === 'assessment' && firstExplained < 0) firstExplained = performance.now() - started;
  };
  const result = await runCheck(text, deps, { ...options, onEvent });
  const wall = performance.now() - started;
  const after = counts(world);
  const graph = factlightCallGraph(result, log, profile, { searchesPerClaim: 1 });
  const schedule = idealSchedule(graph, LATENCY, limits);
  if (process.env.BENCH_DEBUG)
    for (const call of graph)
      console.log(
        `${call.id.padEnd(40)} ${(schedule.start.get(call.id)! / 1000).toFixed(2)} → ${(schedule.finish.get(call.id)! / 1000).toFixed(2)}`,
      );
  const ours: Figures = {
    wall: wall / scale,
    bound: schedule.makespan,
    firstClaim: firstClaim / scale,
    firstVerdict: firstVerdict / scale,
    firstExplained: firstExplained / scale,
    modelCalls: after.model - before.model,
    promptTokens: result.usage.total.promptTokens,
    completionTokens: result.usage.total.completionTokens,
    searches: after.search - before.search,
    pages: after.page - before.page,
    sentences: result.sentences.length,
    claims: result.claims.filter((c) => c.checkWorthy).length,
  };

  const baseBefore = counts(world);
  const baseStarted = performance.now();
  const baseline = await runBaseline(text, { ...deps, cache: undefined }, options);
  const baseWall = performance.now() - baseStarted;
  const baseAfter = counts(world);
  const base = {
    wall: baseWall / scale,
    firstClaim: baseline.firstClaimMs / scale,
    firstVerdict: baseline.firstVerdictMs / scale,
    modelCalls: baseAfter.model - baseBefore.model,
    promptTokens: baseline.promptTokens,
    completionTokens: baseline.completionTokens,
  };
  return { ours, base, result, deps, options };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const col = (value: string | number) => String(value).padEnd(14);

export async function benchPipeline(): Promise<{ lines: string[]; ok: boolean }> {
  const world = await startFactWorld();
  const lines: string[] = [];
  const checks: Array<[string, boolean]> = [];
  try {
    lines.push(
      `Latencies: search ${LATENCY.search} ms, page ${LATENCY.page} ms; model per profile (TTFT + output tokens / rate); limits model 4, search 4, pages 6.`,
      `Token-aware profiles run on a scaled clock (hosted ×${TIME_SCALE.hosted}, local ×${TIME_SCALE.local}); all times below are unscaled.`,
    );
    // One unmeasured check first, without latencies, so module loading and JIT warm-up are not counted
    // against whichever profile happens to run first.
    world.model.respondWith(worldResponder);
    const warm = createPipelineDeps(worldSettings(world), {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
    });
    await runCheck(WORLD_TEXT, warm.deps, warm.options);
    for (const input of INPUTS) {
      for (const key of ['fixed', 'hosted', 'local'] as const) {
        const profile = LATENCY_PROFILES[key];
        const scale = TIME_SCALE[key];
        const { ours, base, result, deps, options } = await measure(world, profile, scale, input.text);
        const ratio = ours.wall / ours.bound;
        lines.push(
          '',
          `${input.label}, ${profile.name}${profile.tokensPerSecond ? ` (TTFT ${profile.ttftMs / 1000} s, ${profile.tokensPerSecond} tokens/s)` : ''}: ${ours.sentences} sentences, ${ours.claims} check-worthy claims`,
          `                          Factlight     baseline`,
          `  wall time               ${col(s(ours.wall))}${s(base.wall)}`,
          `  lower bound (ideal)     ${s(ours.bound)}`,
          `  wall / lower bound      ${ratio.toFixed(2)}`,
          `  time to first claim     ${col(s(ours.firstClaim))}${s(base.firstClaim)}`,
          `  time to first verdict   ${col(s(ours.firstVerdict))}${s(base.firstVerdict)}`,
          `  … with its explanation  ${col(s(ours.firstExplained))}${s(base.firstVerdict)}`,
          `  model calls             ${col(ours.modelCalls)}${base.modelCalls}`,
          `  input tokens            ${col(ours.promptTokens)}${base.promptTokens}`,
          `  output tokens           ${col(ours.completionTokens)}${base.completionTokens}`,
          `  search calls / pages    ${ours.searches} / ${ours.pages}`,
        );
        const tag = `${input.key}, ${key}`;
        checks.push([`${tag}: wall / lower bound ${ratio.toFixed(2)} <= 1.2`, ratio <= 1.2]);
        if (key !== 'fixed') {
          const share = ours.firstVerdict / base.firstVerdict;
          checks.push([`${tag}: first verdict ${share.toFixed(2)} of the baseline's (<= 0.5)`, share <= 0.5]);
        }
        if (key === 'fixed') {
          const before = OUTPUT_TOKENS_BEFORE[input.key] ?? 0;
          checks.push([
            `${input.key}: output tokens ${ours.completionTokens} <= ${before} before streaming`,
            ours.completionTokens <= before,
          ]);
          const callGain = base.modelCalls / ours.modelCalls;
          const wallGain = base.wall / ours.wall;
          checks.push([`${tag}: model calls ${callGain.toFixed(1)}x fewer than baseline (>= 3x)`, callGain >= 3]);
          checks.push([`${tag}: wall time ${wallGain.toFixed(1)}x less than baseline (>= 2x)`, wallGain >= 2]);
        }
        if (key === 'fixed' && input.key === 'standard') {
          // Cached re-run: same input, same cache, no latency needed (nothing should be asked).
          const before = counts(world);
          const started = performance.now();
          const cached = await runCheck(input.text, deps, options);
          const cachedWall = performance.now() - started;
          const after = counts(world);
          const requests = after.model - before.model + after.search - before.search + after.page - before.page;
          const same =
            JSON.stringify(cached.assessments.map((a) => a.verdict).sort()) ===
            JSON.stringify(result.assessments.map((a) => a.verdict).sort());
          lines.push(`  cached re-run           ${cachedWall.toFixed(1)} ms, ${requests} requests`);
          checks.push([
            `cached re-run ${cachedWall.toFixed(0)} ms < 100 ms with ${requests} requests (0), same verdicts`,
            cachedWall < 100 && requests === 0 && same,
          ]);
        }
      }
    }
    lines.push('', ...checks.map(([label, ok]) => `  ${ok ? 'PASS' : 'MISS'} ${label}`));
    return { lines, ok: checks.every(([, ok]) => ok) };
  } finally {
    await world.close();
  }
}
