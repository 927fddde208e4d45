import { uiLocale } from '../i18n/i18n';
import { SEARCH_PROVIDER_LABELS } from '../search/meta';
import type { SearchSettingsKey } from '../settings/schema';
import { SEARCH_PROVIDER_IDS, SEARCH_SETTINGS_KEY } from '../settings/search-keys';

/**
 * Who receives a check's search queries with these settings, in words ("Wikipedia and Wikidata"), so a
 * button can say so before it is pressed. The list is joined in the interface language, as it sits inside a
 * translated sentence (Intl.ListFormat: "Wikipedia, Wikidata y Brave Search" in Spanish).
 * Wikidata rides with Wikipedia, as in `createEvidenceDeps`. Undefined when no source is enabled. Takes saved
 * or redacted (page-side) search settings alike.
 */
export function queryDestinations(search: Record<SearchSettingsKey, { enabled: boolean }>): string | undefined {
  const names = SEARCH_PROVIDER_IDS.filter((id) => search[SEARCH_SETTINGS_KEY[id]].enabled).flatMap((id) =>
    id === 'wikipedia' ? [SEARCH_PROVIDER_LABELS[id], 'Wikidata'] : [SEARCH_PROVIDER_LABELS[id]],
  );
  if (names.length === 0) return undefined;
  return new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(names);
}
