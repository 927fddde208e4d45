import type { SearchProviderId } from '../core/ports';

/** Human names of the search providers, for settings and error messages. */
export const SEARCH_PROVIDER_LABELS: Record<SearchProviderId, string> = {
  wikipedia: 'Wikipedia',
  searxng: 'SearXNG',
  serper: 'Serper',
  tavily: 'Tavily',
  // i18n-exempt: a service's own name, the same in every language
  brave: 'Brave Search',
  exa: 'Exa',
  // i18n-exempt: a service's own name, the same in every language
  'google-factcheck': 'Google Fact Check Tools',
};

/** What each provider needs configured: nothing, an API key, or the base URL of a self-hosted instance. */
export const SEARCH_PROVIDER_NEEDS: Record<SearchProviderId, 'none' | 'key' | 'url'> = {
  wikipedia: 'none',
  searxng: 'url',
  serper: 'key',
  tavily: 'key',
  brave: 'key',
  exa: 'key',
  'google-factcheck': 'key',
};
