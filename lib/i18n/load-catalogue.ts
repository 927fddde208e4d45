/**
 * Loads a shipped catalogue from the extension's own files, for a chosen interface language. Extension
 * pages and the background can fetch their own `_locales`; a content script cannot in Chrome MV3 (the
 * files are not web-accessible, and listing them would let any page fingerprint the extension), so it gets
 * the messages from the background (lib/background/interface-language.ts).
 */
import { browser } from 'wxt/browser';

import { type Catalogue, DEFAULT_LOCALE, type Locale } from './catalogue';
import type { InterfaceLanguage } from './language-setting';
import { browserSource, catalogueSource } from './sources';
import { createTranslator, type MessageSource, type Translator } from './translator';

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const response = await fetch(browser.runtime.getURL(`/_locales/${locale}/messages.json` as '/'));
  // i18n-exempt: a developer's error: our own catalogue file missing from the package
  if (!response.ok) throw new Error(`The ${locale} messages could not be read (HTTP ${response.status}).`);
  return (await response.json()) as Catalogue;
}

/** A chosen language's catalogue (with the default locale's behind it), or the browser's own choice. */
export async function loadMessageSource(language: InterfaceLanguage): Promise<MessageSource> {
  if (language === 'browser') return browserSource();
  const [catalogue, fallback] = await Promise.all([
    loadCatalogue(language),
    language === DEFAULT_LOCALE ? Promise.resolve({}) : loadCatalogue(DEFAULT_LOCALE),
  ]);
  return catalogueSource(language, catalogue, fallback);
}

/** The default locale's (English) words, whatever the interface language: for files read by machines too. */
export async function loadDefaultTranslator(): Promise<Translator> {
  return createTranslator(catalogueSource(DEFAULT_LOCALE, await loadCatalogue(DEFAULT_LOCALE)));
}
