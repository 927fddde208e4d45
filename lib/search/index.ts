/**
 * The search provider registry: one `SearchProvider` per configured API, each speaking that API's own
 * request and response shapes (see the comment at the top of each adapter for its documentation page).
 */
import { ProviderError } from '../core/errors';
import type { SearchProvider, SearchProviderId } from '../core/ports';
import { createBraveProvider } from './brave';
import { createExaProvider } from './exa';
import { createGoogleFactCheckProvider } from './google-factcheck';
import type { ProviderContext } from './provider';
import { createSearxngProvider } from './searxng';
import { createSerperProvider } from './serper';
import { createTavilyProvider } from './tavily';
import { createWikipediaProvider } from './wikipedia';

export { SEARCH_PROVIDER_LABELS, SEARCH_PROVIDER_NEEDS } from './meta';

/** What the user configures for a search provider. */
export interface SearchProviderConfig {
  /** Required by the hosted APIs (see `SEARCH_PROVIDER_NEEDS`). */
  apiKey?: string;
  /** The instance address for SearXNG; for the others, an override of the API origin (proxies, tests). */
  baseUrl?: string;
  /** Per-request time limit; 15 s when unset. */
  timeoutMs?: number;
}

/** Default per-request time limit. */
export const DEFAULT_SEARCH_TIMEOUT_MS = 15_000;

const FACTORIES: Record<SearchProviderId, (context: ProviderContext) => SearchProvider> = {
  wikipedia: createWikipediaProvider,
  searxng: createSearxngProvider,
  serper: createSerperProvider,
  tavily: createTavilyProvider,
  brave: createBraveProvider,
  exa: createExaProvider,
  'google-factcheck': createGoogleFactCheckProvider,
};

/**
 * Creates the adapter for `id`. A missing required key or instance address is reported by `search`
 * (as a `ProviderError`), so a provider can be created before the user has finished its settings.
 */
export function createSearchProvider(
  id: SearchProviderId,
  config: SearchProviderConfig,
  deps: { fetch?: typeof fetch } = {},
): SearchProvider {
  const factory = FACTORIES[id];
  if (!factory)
    // i18n-exempt: a developer's error: a bug in our own code or set-up, never a person's
    throw new ProviderError('bad-request', `Unknown search provider "${String(id)}".`, { provider: String(id) });
  const timeoutMs =
    config.timeoutMs !== undefined && config.timeoutMs > 0 ? config.timeoutMs : DEFAULT_SEARCH_TIMEOUT_MS;
  return factory({
    apiKey: config.apiKey?.trim() || undefined,
    baseUrl: config.baseUrl?.trim() || undefined,
    timeoutMs,
    // Wrapped so the browser's fetch is never called with a foreign `this`.
    fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  });
}
