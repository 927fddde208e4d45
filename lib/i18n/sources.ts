/**
 * The two places messages come from. Following the browser (the default), `i18n.getMessage` reads the
 * catalogue the browser picked, synchronously, in every context including content scripts, at no bundle
 * cost. A chosen interface language is a catalogue we load ourselves (getMessage has no locale argument),
 * looked up like the browser does: the chosen locale, then the default locale (MDN, "Localized string
 * selection"; every shipped catalogue is whole, so the fallback only guards against a broken install).
 */
import { browser } from 'wxt/browser';

import { type Catalogue, DEFAULT_LOCALE, fillMessage } from './catalogue';
import type { MessageSource } from './translator';

/** The browser's own choice of catalogue. Its `locale` is the catalogue's, never `getUILanguage()` (can differ). */
export function browserSource(): MessageSource {
  // WXT types getMessage's names from the catalogue; ours are built at run time (plural forms), checked by keys.ts.
  const getMessage = browser.i18n.getMessage as (name: string, substitutions?: string[]) => string | undefined;
  const message = (name: string, substitutions: string[]) => getMessage(name, substitutions) ?? '';
  // Chromium started with --lang=ar but no LANGUAGE reads the Arabic catalogue while getUILanguage() and
  // @@bidi_dir still say en-US / ltr: the catalogue's own localeCode is the one answer that cannot disagree.
  return { locale: message('localeCode', []) || DEFAULT_LOCALE, message };
}

/** A catalogue we loaded (a chosen language), falling back to the default locale's per message. */
export function catalogueSource(locale: string, catalogue: Catalogue, fallback: Catalogue = {}): MessageSource {
  return {
    locale,
    message(name, substitutions) {
      const entry = catalogue[name] ?? fallback[name];
      return entry ? fillMessage(entry, substitutions) : '';
    },
  };
}
