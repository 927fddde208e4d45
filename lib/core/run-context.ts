/**
 * What one run (a check, or an explanation rating) shares across its stages: the usage meter and token
 * budget, the model-call context, and search providers and a page fetcher held to the run's concurrency
 * limits. Page fetches are counted once, whoever makes them. Every stage uses the run's cache, never
 * `deps.cache`: its failures are misses and dropped writes (forgiving-cache.ts), one warning in all. The embedder's
 * failures are one warning in all too: after each, that page's passages are chosen by their words.
 */
import pLimit from 'p-limit';

import { createPageReader, type PageReader } from './evidence/read-pages';
import { forgivingCache } from './forgiving-cache';
import type { ModelCallContext } from './model/structured-call';
import { UsageMeter } from './model/usage-meter';
import type { RunNotice } from './notices';
import type { PipelineDeps, PipelineOptions } from './pipeline-types';
import type { Cache, PageFetcher, SearchProvider } from './ports';
import { causeOf, stageWarning } from './stage-notices';

/** The parts of a run its stages share (see the file overview). */
export interface RunContext {
  meter: UsageMeter;
  ctx: ModelCallContext & { onWarning: (message: string, notice?: RunNotice) => void };
  providers: SearchProvider[];
  /** Limited and counted: every page fetch of the run goes through here. */
  fetcher: PageFetcher;
  reader: PageReader;
  today: string;
  /** The forgiving view of `deps.cache`; absent without one. */
  cache?: Cache;
  /**
   * Told each time the embedder failed and a page's passages were chosen by their words (select-passages.ts): the
   * first is one warning for the run, the rest are the same bad day again.
   */
  embedderFailed: (error: unknown) => void;
}

export function createRunContext(
  deps: PipelineDeps,
  options: PipelineOptions,
  warn: (message: string, notice?: RunNotice) => void,
): RunContext {
  const meter = new UsageMeter(options.tokenBudget !== undefined ? { tokenBudget: options.tokenBudget } : {});
  const cache = deps.cache ? forgivingCache(deps.cache, warn) : undefined;
  let embedderReported = false;
  const embedderFailed = (error: unknown) => {
    if (embedderReported) return;
    embedderReported = true;
    warn(...stageWarning({ code: 'passages-by-words', ...causeOf(error) }));
  };
  const ctx: RunContext['ctx'] = {
    model: deps.model,
    clock: deps.clock,
    meter,
    cacheTtlMs: options.modelCacheTtlMs,
    onWarning: warn,
    ...(cache ? { cache } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(deps.modelNames ? { modelNames: deps.modelNames } : {}),
  };
  const searchLimit = pLimit(options.searchConcurrency);
  const providers: SearchProvider[] = deps.providers.map((provider) => ({
    id: provider.id,
    search: (query) => searchLimit(() => provider.search(query)),
  }));
  const pageLimit = pLimit(options.pageConcurrency);
  const limited: PageFetcher = { fetch: (url, fetchOptions) => pageLimit(() => deps.fetcher.fetch(url, fetchOptions)) };
  const fetcher: PageFetcher = {
    fetch: (url, fetchOptions) => {
      meter.recordPageFetch();
      return limited.fetch(url, fetchOptions);
    },
  };
  const reader = createPageReader({
    fetcher,
    extractor: deps.extractor,
    timeoutMs: options.pageTimeoutMs,
    maxBytes: options.pageMaxBytes,
    ...(cache ? { cache } : {}),
    ...(options.fresh ? { fresh: true } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return {
    meter,
    ctx,
    providers,
    fetcher,
    reader,
    today: new Date(deps.clock.now()).toISOString().slice(0, 10),
    ...(cache ? { cache } : {}),
    embedderFailed,
  };
}
