import { runEvidenceCheck, VERDICTS_NEED_A_MODEL } from '../../lib/core/evidence-only/run-evidence-check';
import { createLinkedomExtractor } from '../../lib/extract/linkedom-extractor';
import { createEvidenceDeps } from '../../lib/runtime/create-evidence-deps';
import { createMemoryCache } from '../../lib/runtime/memory-cache';
import type { Settings } from '../../lib/settings/schema';
import { formatSources } from './format-sources';
import { NODE_PAGES } from './node-lookup';
import { readShippedRatings } from './ratings-file';

/**
 * `npm run check` with no model (no FACTLIGHT_BASE_URL, no policy naming one): evidence-only mode with the
 * search `settings`, saying that verdicts need a model.
 */
export async function runEvidenceOnly(text: string, json: boolean, settings: Settings): Promise<void> {
  const { deps, options } = createEvidenceDeps(settings, {
    extractor: createLinkedomExtractor(),
    cache: createMemoryCache(),
    pages: NODE_PAGES,
  });
  console.error(
    `No model configured (FACTLIGHT_BASE_URL is not set): evidence-only mode. ${VERDICTS_NEED_A_MODEL.replace(/Set one up.*$/, 'Set FACTLIGHT_BASE_URL and FACTLIGHT_FAST_MODEL for verdicts.')}`,
  );
  const controller = new AbortController();
  process.on('SIGINT', () => controller.abort());
  const result = await runEvidenceCheck(text, deps, { ...options, signal: controller.signal });
  console.log(json ? JSON.stringify(result, null, 2) : formatSources(result, readShippedRatings()));
}
