/**
 * The on-device provider (Chrome's Prompt API, 9,216-token window) on the standard input and on a
 * 2,000-word article: model calls, the largest prompt against the window, and the wall time a device at a
 * fixed speed would take. The browser's model is the documented fake (scripts/lib/servers) answering through the
 * scripted loopback model; device time is modelled per token, since the device runs one prompt at a time:
 * each call costs its prompt at PREFILL tokens/s plus its reply at DECODE tokens/s, added to the measured time.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { runCheck } from '../../lib/core/pipeline';
import { DEFAULT_PIPELINE_OPTIONS } from '../../lib/core/pipeline-types';
import { createLinkedomExtractor } from '../../lib/extract/linkedom-extractor';
import { createPageFetcher } from '../../lib/extract/page-fetcher';
import { createOnDeviceChatModel, ON_DEVICE_PROMPT_LIMITS } from '../../lib/llm/on-device-chat-model';
import { languageModelOf } from '../../lib/llm/prompt-api';
import { createSearchProvider } from '../../lib/search';
import { startFactWorld, WORLD_TEXT } from '../lib/servers';
import { installFakeLanguageModel } from '../lib/servers/fake-language-model';

const WINDOW = 9_216;
const PREFILL_TOKENS_PER_S = 500;
const DECODE_TOKENS_PER_S = 20;

function article2000(): string {
  const file = resolve(import.meta.dirname, '../../tests/fixtures/text/factcheck-bench-sentences.json');
  const { responses } = JSON.parse(readFileSync(file, 'utf8')) as { responses: Array<{ response: string }> };
  const parts: string[] = [];
  let words = 0;
  for (const { response } of responses) {
    if (words >= 2000) break;
    parts.push(response);
    words += response.split(/\s+/).length;
  }
  return parts.join('\n\n');
}

export async function benchOnDevice(): Promise<{ lines: string[]; ok: boolean }> {
  const world = await startFactWorld();
  const lines = [
    `Device model: ${PREFILL_TOKENS_PER_S} tokens/s prompt, ${DECODE_TOKENS_PER_S} tokens/s out, one call at a time; window ${WINDOW.toLocaleString('en')} tokens`,
  ];
  let ok = true;
  try {
    for (const [name, text] of [
      ['standard input', WORLD_TEXT],
      ['2,000-word article', article2000()],
    ] as const) {
      const scope = {};
      const log = installFakeLanguageModel(scope, { forwardTo: world.model.baseUrl, contextWindow: WINDOW });
      const started = performance.now();
      const result = await runCheck(
        text,
        {
          model: createOnDeviceChatModel({ api: languageModelOf(scope)! }),
          providers: [createSearchProvider('searxng', { baseUrl: world.searxng.baseUrl }, {})],
          fetcher: createPageFetcher({ allowPrivateNetwork: () => true }),
          extractor: createLinkedomExtractor(),
          clock: { now: () => Date.now() },
        },
        { ...DEFAULT_PIPELINE_OPTIONS, auditLinks: false, promptLimits: ON_DEVICE_PROMPT_LIMITS },
      );
      const measuredS = (performance.now() - started) / 1000;
      const deviceS = log.prompts.reduce(
        (sum, p) => sum + p.tokens / PREFILL_TOKENS_PER_S + (p.replyTokens ?? 0) / DECODE_TOKENS_PER_S,
        0,
      );
      const largest = Math.max(...log.prompts.map((p) => p.tokens));
      const fits = log.exceeded === 0 && largest <= WINDOW;
      ok &&= fits;
      const words = text.split(/\s+/).filter(Boolean).length;
      const unchecked = result.assessments.filter((a) => a.verdict === 'could-not-check').length;
      lines.push(
        `${fits ? 'OK  ' : 'MISS'} ${name} (${words} words): ${log.prompts.length} model calls, largest prompt ${largest.toLocaleString('en')} of ${WINDOW.toLocaleString('en')} tokens, ${log.exceeded} over the window; ` +
          `wall time ≈ ${(measuredS + deviceS).toFixed(0)} s (${deviceS.toFixed(0)} s on the device model + ${measuredS.toFixed(1)} s the rest); ${result.assessments.length} verdicts, ${unchecked} could not be checked`,
      );
    }
  } finally {
    await world.close();
  }
  return { lines, ok };
}
