/**
 * `i18n` for Chrome's offscreen document, which has none (issue 27): the engine's words follow the browser's choice of
 * catalogue by default (lib/i18n/sources.ts reads `i18n.getMessage`, synchronously). The worker says which catalogue
 * that is (its `localeCode` message); the document loads that catalogue, the default locale's behind it as the
 * browser does, and answers `getMessage` from them.
 */
import { type Catalogue, DEFAULT_LOCALE, isLocale } from '../../i18n/catalogue';
import { loadCatalogue } from '../../i18n/load-catalogue';
import { catalogueSource } from '../../i18n/sources';

export interface CatalogueI18n {
  getMessage(name: string, substitutions?: string | string[]): string;
  getUILanguage(): string;
}

/** An `i18n` answering from `catalogue`, then `fallback`; '' for a name neither has, as the browser answers. */
export function catalogueI18n(catalogue: Catalogue, fallback: Catalogue, uiLanguage: string): CatalogueI18n {
  // The lookup a chosen interface language uses (its locale is not read by `message`).
  const { message } = catalogueSource(DEFAULT_LOCALE, catalogue, fallback);
  return {
    getMessage: (name, substitutions) =>
      message(name, substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions]),
    getUILanguage: () => uiLanguage,
  };
}

/**
 * The `i18n` of the catalogue the browser picked, `localeCode` being what the worker's `getMessage('localeCode')`
 * answered. A code that names no shipped catalogue (a broken install) falls back to the default locale's.
 */
export async function browserCatalogueI18n(localeCode: unknown, uiLanguage: string): Promise<CatalogueI18n> {
  const locale = isLocale(localeCode) ? localeCode : DEFAULT_LOCALE;
  const [own, fallback] = await Promise.all([
    loadCatalogue(locale),
    locale === DEFAULT_LOCALE ? Promise.resolve({}) : loadCatalogue(DEFAULT_LOCALE),
  ]);
  return catalogueI18n(own, fallback, uiLanguage);
}
