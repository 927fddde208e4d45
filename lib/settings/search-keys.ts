import type { SearchProviderId } from '../core/ports';
import type { SearchSettings, SearchSettingsKey } from './schema';

/** Which settings section holds each search provider's configuration. */
export const SEARCH_SETTINGS_KEY: Record<SearchProviderId, SearchSettingsKey> = {
  wikipedia: 'wikipedia',
  searxng: 'searxng',
  serper: 'serper',
  tavily: 'tavily',
  brave: 'brave',
  exa: 'exa',
  'google-factcheck': 'googleFactCheck',
};

export const SEARCH_PROVIDER_IDS = Object.keys(SEARCH_SETTINGS_KEY) as SearchProviderId[];

/** The saved key and URL of a provider, whichever it has. */
export function savedProviderConfig(
  search: SearchSettings,
  provider: SearchProviderId,
): { apiKey: string; baseUrl: string } {
  const section: { enabled: boolean; apiKey?: string; baseUrl?: string } = search[SEARCH_SETTINGS_KEY[provider]];
  return { apiKey: section.apiKey ?? '', baseUrl: section.baseUrl ?? '' };
}
