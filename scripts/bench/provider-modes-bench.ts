/**
 * `npm run bench` (provider modes): the standard six-sentence input, one Fast check per provider mode of
 * the loopback model server (scripts/lib/servers/provider-rules) with that preset's default models, beside
 * today's figures (the lenient server with generic models, as the pipeline section runs it). Model calls
 * include refused requests and fallback round trips; tokens are the check's own count, reasoning included
 * (the loopback reasoning figures are scaled down, see SIMULATED_REASONING). A mode with a small context
 * (ollama-4k) checks long pages with five passages per page, so its prompts outgrow the context: "cut" counts
 * the prompts the server cut silently (none, when Factlight fits them), and its one warning is the notice
 * that passages were shortened.
 */
import { noticeKey } from '../../lib/core/notices';
import { runCheck } from '../../lib/core/pipeline';
import type { CheckResult } from '../../lib/core/pipeline-types';
import { createLinkedomExtractor } from '../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../lib/runtime/memory-cache';
import { DEFAULT_SETTINGS, type ModelProfile, type Settings } from '../../lib/settings/schema';
import { useDefaultCatalogue } from '../lib/node-messages';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../lib/servers';
import { PROVIDER_MODES, type ProviderRules } from '../lib/servers/provider-rules';

useDefaultCatalogue();

interface Row {
  label: string;
  models: string;
  calls: number;
  refused: number;
  /** Prompts the provider cut to its context without a word. */
  cuts: number;
  /** Warnings the mode is expected to give (a small context's notice). */
  expectedWarnings: string[];
  result: CheckResult;
}

async function checkOn(
  label: string,
  models: string,
  provider: ProviderRules | undefined,
  preset: Settings['model']['preset'],
  fast: string,
  strong: string,
  longPages = 0,
): Promise<Row> {
  const world: FactWorld = await startFactWorld({ ...(provider ? { provider } : {}), longPages });
  try {
    let refused = 0;
    const counting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (
        String(input instanceof Request ? input.url : input).startsWith(world.model.baseUrl) &&
        response.status >= 400
      )
        refused += 1;
      return response;
    };
    const profile: ModelProfile = {
      baseUrl: world.model.baseUrl,
      apiKey: 'sk-bench',
      fastModel: fast,
      strongModel: strong,
      embeddingModel: '',
      structuredOutput: provider ? 'auto' : 'json_schema',
    };
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      model: { preset, profiles: { [preset]: profile } },
      search: {
        ...DEFAULT_SETTINGS.search,
        wikipedia: { enabled: false },
        searxng: { enabled: true, baseUrl: world.searxng.baseUrl },
      },
      evidence: {
        ...DEFAULT_SETTINGS.evidence,
        allowPrivateNetwork: true,
        ...(longPages ? { passagesPerPage: 5 } : {}),
      },
    };
    const { deps, options } = createPipelineDeps(settings, {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
      fetch: counting,
    });
    const result = await runCheck(WORLD_TEXT, deps, options);
    const calls = world.model.requests.filter((r) => r.path.endsWith('/chat/completions')).length;
    const context = provider?.contextTokens;
    const expectedWarnings =
      context && longPages ? [noticeKey({ code: 'ollama-context-shortened', tokens: context })] : [];
    return { label, models, calls, refused, cuts: world.model.promptCuts.length, expectedWarnings, result };
  } finally {
    await world.close();
  }
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

export async function benchProviderModes(): Promise<{ lines: string[]; ok: boolean }> {
  const rows: Row[] = [
    await checkOn('today (lenient)', 'fake-fast / fake-strong', undefined, 'custom', 'fake-fast', 'fake-strong'),
  ];
  for (const mode of PROVIDER_MODES)
    rows.push(
      await checkOn(
        mode.id,
        `${mode.fastModel} / ${mode.strongModel}`,
        mode.rules(),
        mode.preset,
        mode.fastModel,
        mode.strongModel,
        mode.longPages ?? 0,
      ),
    );
  const today = rows[0]!.result.usage.total;
  const todayTokens = today.promptTokens + today.completionTokens;
  const lines = [
    'Standard input (6 sentences, Fast mode), one check per provider mode; tokens as the check counts them.',
    `${'mode'.padEnd(16)}${'calls'.padStart(6)}${'refused'.padStart(8)}${'prompt'.padStart(8)}${'output'.padStart(8)}${'reasoning'.padStart(10)}${'total'.padStart(8)}${'vs today'.padStart(9)}${'cut'.padStart(4)}  models`,
  ];
  let ok = true;
  for (const row of rows) {
    const usage = row.result.usage.total;
    const total = usage.promptTokens + usage.completionTokens;
    const delta =
      row === rows[0]
        ? ''
        : `${total >= todayTokens ? '+' : ''}${Math.round(((total - todayTokens) / todayTokens) * 100)}%`;
    const complete =
      JSON.stringify(row.result.warnings) === JSON.stringify(row.expectedWarnings) &&
      row.result.assessments.length > 0 &&
      row.cuts === 0;
    if (!complete) ok = false;
    lines.push(
      `${row.label.padEnd(16)}${pad(row.calls, 6)}${pad(row.refused, 8)}${pad(usage.promptTokens, 8)}${pad(usage.completionTokens, 8)}${pad(usage.reasoningTokens ?? 0, 10)}${pad(total, 8)}${pad(delta, 9)}${pad(row.cuts, 4)}  ${row.models}${complete ? '' : '  (INCOMPLETE)'}`,
    );
  }
  lines.push(`Every mode completes the check: ${ok ? 'OK' : 'MISS'}`);
  return { lines, ok };
}
