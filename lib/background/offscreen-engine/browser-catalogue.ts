/**
 * `i18n` for Chrome's offscreen document, which has none (issue 27): the engine's words follow the browser's choice of
 * catalogue by default (lib/i18n/sources.ts reads `i18n.getMessage`, synchronously). The worker says which catalogue
 * that is (its `localeCode` message); the document loads that catalogue, the default locale's behind it as the
 * browser does, and answers `getMessage` from them.
 */
import { DEFAULT_LOCALE, isLocale } from '../../i18n/catalogue';
import { loadMessageSource } from '../../i18n/load-catalogue';
import type { MessageSource } from '../../i18n/translator';

export interface CatalogueI18n {
  getMessage(name: string, substitutions?: string | string[]): string;
  getUILanguage(): string;
}

/** An `i18n` answering from `source` (a catalogue, the default locale's behind it); '' for a name it lacks. */
export function catalogueI18n({ message }: Pick<MessageSource, 'message'>, uiLanguage: string): CatalogueI18n {
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
  // Loaded as a chosen interface language is: the catalogue, the default locale's behind it.
  return catalogueI18n(await loadMessageSource(isLocale(localeCode) ? localeCode : DEFAULT_LOCALE), uiLanguage);
}
