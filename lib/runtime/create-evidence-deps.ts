import type { EvidenceDeps } from '../core/evidence-only/run-evidence-check';
import { DEFAULT_PIPELINE_OPTIONS, type PipelineOptions } from '../core/pipeline-types';
import type { KnowledgeGraph, SearchProvider } from '../core/ports';
import { createPageFetcher } from '../extract/page-fetcher';
import { createCrossrefRegistry } from '../links/crossref';
import { createWaybackArchive } from '../links/wayback';
import { createSearchProvider } from '../search';
import { createWikidataLookup } from '../search/wikidata';
import type { Settings } from '../settings/schema';
import { savedProviderConfig, SEARCH_PROVIDER_IDS, SEARCH_SETTINGS_KEY } from '../settings/search-keys';
import type { RuntimeAdapters } from './runtime-adapters';

/**
 * Everything a check needs but the model: the enabled search sources, Wikidata, the page fetcher, the link
 * audit's archive and DOI registry, and the options from the settings. Evidence-only mode runs on exactly
 * this; `createPipelineDeps` adds the model to it.
 */
export function createEvidenceDeps(
  settings: Settings,
  runtime: RuntimeAdapters,
): { deps: EvidenceDeps; options: PipelineOptions } {
  const fetchOption = runtime.fetch ? { fetch: runtime.fetch } : {};
  const providers: SearchProvider[] = SEARCH_PROVIDER_IDS.filter(
    (id) => settings.search[SEARCH_SETTINGS_KEY[id]].enabled,
  ).map((id) => {
    const { apiKey, baseUrl } = savedProviderConfig(settings.search, id);
    return createSearchProvider(id, { ...(apiKey ? { apiKey } : {}), ...(baseUrl ? { baseUrl } : {}) }, fetchOption);
  });
  // Wikidata rides with Wikipedia: both keyless, both Wikimedia; the knowledge graph answers fact triples.
  const knowledgeGraph: KnowledgeGraph | undefined = settings.search.wikipedia.enabled
    ? createWikidataLookup({ ...fetchOption, ...(runtime.wikidataBaseUrl ? { baseUrl: runtime.wikidataBaseUrl } : {}) })
    : undefined;
  const deps: EvidenceDeps = {
    providers,
    fetcher: createPageFetcher({
      ...fetchOption,
      ...runtime.pages,
      allowPrivateNetwork: () => settings.evidence.allowPrivateNetwork,
    }),
    extractor: runtime.extractor,
    clock: runtime.clock ?? { now: () => Date.now() },
    ...(knowledgeGraph ? { knowledgeGraph } : {}),
    ...(runtime.cache ? { cache: runtime.cache } : {}),
    ...(settings.checking.auditLinks && settings.checking.archiveLookup
      ? { webArchive: createWaybackArchive({ baseUrl: settings.checking.webArchiveUrl, ...fetchOption }) }
      : {}),
    ...(settings.checking.auditLinks
      ? { doiRegistry: createCrossrefRegistry({ baseUrl: settings.checking.crossrefUrl, ...fetchOption }) }
      : {}),
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
