/**
 * `npm run bench` (issue 6 part): the link audit of 20 cited links served at 300 ms each, and what
 * Thorough mode costs over Fast on the standard input — both against the loopback servers with the
 * pipeline benchmark's fixed latencies.
 */
import { runCheck } from '../../lib/core/pipeline';
import { createLinkedomExtractor } from '../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../lib/runtime/memory-cache';
import { useDefaultCatalogue } from '../lib/node-messages';
import { startFactWorld, startWebServer, WORLD_TEXT } from '../lib/servers';
import { LATENCY } from './pipeline-bench';
import { worldSettings } from './world-settings';

useDefaultCatalogue();

const LINKS = 20;
const LINK_LATENCY_MS = 300;

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchLinkAudit(): Promise<{ lines: string[]; ok: boolean }> {
  const world = await startFactWorld();
  const site = await startWebServer({ host: '127.0.0.50' });
  try {
    world.model.faults.latency(LATENCY.model);
    world.searxng.faults.latency(LATENCY.search);
    site.faults.latency(LINK_LATENCY_MS);
    const paragraph =
      'Marie Curie won two Nobel Prizes, in physics in 1903 and in chemistry in 1911, and she remains the only person to win Nobel Prizes in two different sciences.';
    for (let i = 0; i < LINKS; i++)
      site.route(`/source-${i}`, {
        body: `<!doctype html><html><head><title>Source ${i}</title></head><body><article><h1>Source ${i}</h1><p>${paragraph}</p><p>${paragraph}</p><p>${paragraph}</p></article></body></html>`,
      });
    // One sentence whose claims the world knows, citing 20 pages: the audit runs beside the check.
    const text = `Marie Curie won two Nobel Prizes, in physics and in chemistry. Sources: ${Array.from({ length: LINKS }, (_, i) => `${site.origin}/source-${i}`).join(' ')}`;
    const { deps, options } = createPipelineDeps(worldSettings(world, { archiveLookup: false }), {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
    });
    const { deps: offDeps, options: offOptions } = createPipelineDeps(
      worldSettings(world, { archiveLookup: false, auditLinks: false }),
      {
        extractor: createLinkedomExtractor(),
        cache: createMemoryCache(),
      },
    );

    const offStarted = performance.now();
    await runCheck(text, offDeps, offOptions);
    const offWall = performance.now() - offStarted;

    const before = { model: world.model.requests.length, pages: site.requests.length };
    const started = performance.now();
    let auditDone = 0;
    const result = await runCheck(text, deps, {
      ...options,
      onEvent: (event) => void (event.type === 'links' && (auditDone = performance.now() - started)),
    });
    const wall = performance.now() - started;
    const pages = site.requests.length - before.pages;
    const judged = result.links.filter((link) => link.relevant !== null).length;
    const serial = LINKS * LINK_LATENCY_MS;
    const lines = [
      `Link audit: ${LINKS} cited links at ${LINK_LATENCY_MS} ms each (model ${LATENCY.model} ms/call), alongside a check of the sentence`,
      `  links audited           ${result.links.length} (${result.links.filter((l) => l.status === 'working').length} working, ${judged} judged)`,
      `  link page requests      ${pages} (one per link)`,
      `  link judgement calls    ${result.usage.byStage.links?.calls ?? 0} (one batched call for all links)`,
      `  audit done after        ${s(auditDone)} (20 fetches, 4 at a time, + the judgement call)`,
      `  check wall time         ${s(wall)} with the audit, ${s(offWall)} without (+${s(Math.max(0, wall - offWall))})`,
      `  fetching links one by one would take ${s(serial)} before judging`,
    ];
    return {
      lines,
      ok: result.links.length === LINKS && pages === LINKS && (result.usage.byStage.links?.calls ?? 0) === 1,
    };
  } finally {
    await Promise.all([world.close(), site.close()]);
  }
}

export async function benchThorough(): Promise<{ lines: string[]; ok: boolean }> {
  const world = await startFactWorld();
  try {
    world.model.faults.latency(LATENCY.model);
    world.searxng.faults.latency(LATENCY.search);
    for (const site of world.sites.values()) site.faults.latency(LATENCY.page);
    const run = async (mode: 'fast' | 'thorough') => {
      const { deps, options } = createPipelineDeps(worldSettings(world, { archiveLookup: false, mode }), {
        extractor: createLinkedomExtractor(),
        cache: createMemoryCache(),
      });
      const started = performance.now();
      const result = await runCheck(WORLD_TEXT, deps, options);
      return {
        wall: performance.now() - started,
        calls: result.usage.total.calls,
        tokens: result.usage.total.promptTokens + result.usage.total.completionTokens,
        debate: result.usage.byStage.debate?.calls ?? 0,
        verify: result.usage.byStage.verify?.calls ?? 0,
        refined: result.refinements.length,
      };
    };
    const fast = await run('fast');
    const thorough = await run('thorough');
    const lines = [
      `Thorough vs Fast on the standard input (${LATENCY.model} ms per model call): ${thorough.refined} claim refined by the critics' debate`,
      `                          Fast          Thorough      extra`,
      `  model calls             ${String(fast.calls).padEnd(13)} ${String(thorough.calls).padEnd(13)} +${thorough.calls - fast.calls} (debate ${thorough.debate}, verify ${fast.verify} → ${thorough.verify})`,
      `  tokens                  ${String(fast.tokens).padEnd(13)} ${String(thorough.tokens).padEnd(13)} +${thorough.tokens - fast.tokens}`,
      `  wall time               ${s(fast.wall).padEnd(13)} ${s(thorough.wall).padEnd(13)} +${s(thorough.wall - fast.wall)}`,
    ];
    return { lines, ok: thorough.refined > 0 };
  } finally {
    await world.close();
  }
}
