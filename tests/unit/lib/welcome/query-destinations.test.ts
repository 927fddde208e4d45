/**
 * Who receives a check's queries, as a list in the interface language: the welcome page's "Try it" line
 * puts it inside a translated sentence, so an English " and " would show in every language.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import type { SearchSettingsKey } from '../../../../lib/settings/schema';
import { SEARCH_PROVIDER_IDS, SEARCH_SETTINGS_KEY } from '../../../../lib/settings/search-keys';
import { queryDestinations } from '../../../../lib/welcome/query-destinations';

const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../../../public/_locales/${locale}/messages.json`), 'utf8'),
  ) as Catalogue;

function searchWith(...enabled: SearchSettingsKey[]): Record<SearchSettingsKey, { enabled: boolean }> {
  return Object.fromEntries(
    SEARCH_PROVIDER_IDS.map((id) => [SEARCH_SETTINGS_KEY[id], { enabled: enabled.includes(SEARCH_SETTINGS_KEY[id]) }]),
  ) as Record<SearchSettingsKey, { enabled: boolean }>;
}

afterEach(() => setMessageSource(browserSource()));

describe('queryDestinations', () => {
  it('is undefined when no source is enabled', () => {
    expect(queryDestinations(searchWith())).toBeUndefined();
  });

  it('names one source alone, and Wikidata with Wikipedia', () => {
    expect(queryDestinations(searchWith('brave'))).toBe('Brave Search');
    expect(queryDestinations(searchWith('wikipedia'))).toBe('Wikipedia and Wikidata');
  });

  it('lists several in English with commas and "and"', () => {
    expect(queryDestinations(searchWith('wikipedia', 'brave'))).toBe('Wikipedia, Wikidata, and Brave Search');
  });

  it('lists them in Spanish', () => {
    setMessageSource(catalogueSource('es', catalogue('es')));
    expect(queryDestinations(searchWith('wikipedia', 'brave'))).toBe('Wikipedia, Wikidata y Brave Search');
  });

  it('lists them in Japanese', () => {
    setMessageSource(catalogueSource('ja', catalogue('ja')));
    expect(queryDestinations(searchWith('wikipedia', 'brave'))).toBe('Wikipedia、Wikidata、Brave Search');
  });
});
