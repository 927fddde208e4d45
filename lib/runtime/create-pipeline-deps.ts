import type { ArticleExtractor, Cache, Clock, KnowledgeGraph, SearchProvider } from '../core/ports';
import { withResilience, type ResilienceOptions } from '../core/model/resilient-model';
import { DEFAULT_PIPELINE_OPTIONS, type PipelineDeps, type PipelineOptions } from '../core/pipeline-types';
import { createPageFetcher } from '../extract/page-fetcher';
import { createCrossrefRegistry } from '../links/crossref';
import { createWaybackArchive } from '../links/wayback';
import { createOpenAiChatModel, createOpenAiEmbedder } from '../llm/openai-chat-model';
import { createSearchProvider } from '../search';
import { createWikidataLookup } from '../search/wikidata';
import { activeModelProfile, modelSetupProblem } from '../settings/active-profile';
import { MODEL_PRESETS } from '../settings/model-presets';
import type { Settings } from '../settings/schema';
import { SEARCH_PROVIDER_IDS, SEARCH_SETTINGS_KEY, savedProviderConfig } from '../settings/search-keys';

/**
 * The one place that turns settings into the pipeline's adapters, used by the extension's background and
 * by the Node commands alike (they differ only in the extractor, cache and fetch they bring).
 */
export interface RuntimeAdapters {
  extractor: ArticleExtractor;
  cache?: Cache;
  clock?: Clock;
  fetch?: typeof fetch;
  /** Overrides Wikidata's API origin (tests). */
  wikidataBaseUrl?: string;
  /** Overrides retry timings (tests use short ones). */
  retry?: Partial<Pick<ResilienceOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxRetries'>>;
}

/** Model calls in flight at once; hosted APIs take more, but local servers queue them anyway. */
const MODEL_CONCURRENCY = 4;

export class NotConfiguredError extends Error {
  override readonly name = 'NotConfiguredError';
}

export function createPipelineDeps(settings: Settings, runtime: RuntimeAdapters): { deps: PipelineDeps; options: PipelineOptions } {
  const profile = activeModelProfile(settings.model);
  const label = MODEL_PRESETS[settings.model.preset].label;
  const problem = modelSetupProblem(settings.model);
  if (problem) throw new NotConfiguredError(problem);
  const fetchOption = runtime.fetch ? { fetch: runtime.fetch } : {};
  const model = withResilience(
    createOpenAiChatModel({ ...profile, preset: settings.model.preset, providerLabel: label, ...fetchOption }),
    { concurrency: MODEL_CONCURRENCY, maxRetries: 3, baseDelayMs: 1_000, maxDelayMs: 30_000, ...runtime.retry },
  );
  const embedder = createOpenAiEmbedder({ baseUrl: profile.baseUrl, apiKey: profile.apiKey, model: profile.embeddingModel, providerLabel: label, ...fetchOption });

  const providers: SearchProvider[] = SEARCH_PROVIDER_IDS.filter((id) => settings.search[SEARCH_SETTINGS_KEY[id]].enabled).map((id) => {
    const { apiKey, baseUrl } = savedProviderConfig(settings.search, id);
    return createSearchProvider(id, { ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}) }, fetchOption);
  });
  // Wikidata rides with Wikipedia: both keyless, both Wikimedia; the knowledge graph answers fact triples.
  const knowledgeGraph: KnowledgeGraph | undefined = settings.search.wikipedia.enabled
    ? createWikidataLookup({ ...fetchOption, ...(runtime.wikidataBaseUrl ? { baseUrl: runtime.wikidataBaseUrl } : {}) })
    : undefined;

  const deps: PipelineDeps = {
    model,
    modelNames: { fast: profile.fastModel, strong: profile.strongModel },
    providers,
    fetcher: createPageFetcher({ ...fetchOption, allowPrivateNetwork: () => settings.evidence.allowPrivateNetwork }),
    extractor: runtime.extractor,
    clock: runtime.clock ?? { now: () => Date.now() },
    ...(embedder ? { embedder } : {}),
    ...(knowledgeGraph ? { knowledgeGraph } : {}),
    ...(runtime.cache ? { cache: runtime.cache } : {}),
    ...(settings.checking.auditLinks && settings.checking.archiveLookup ? { webArchive: createWaybackArchive({ baseUrl: settings.checking.webArchiveUrl, ...fetchOption }) } : {}),
    ...(settings.checking.auditLinks ? { doiRegistry: createCrossrefRegistry({ baseUrl: settings.checking.crossrefUrl, ...fetchOption }) } : {}),
  };
  const options: PipelineOptions = {
    ...DEFAULT_PIPELINE_OPTIONS,
    resultsPerProvider: settings.evidence.resultsPerClaim,
    passagesPerPage: settings.evidence.passagesPerPage,
    contextSentences: settings.evidence.contextSentences,
    excludedDomains: settings.evidence.excludedDomains,
    mode: settings.checking.mode,
    auditLinks: settings.checking.auditLinks,
    ...(settings.limits.tokensPerCheck > 0 ? { tokenBudget: settings.limits.tokensPerCheck } : {}),
  };
  return { deps, options };
}
