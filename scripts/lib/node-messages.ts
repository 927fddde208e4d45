/**
 * Messages for lib/ code run by the scripts in Node (evals, benches, `npm run check`, the generated files
 * for administrators). lib/ says its words (a setup problem, a provider's name) through t(), which reads
 * browser.i18n in the extension; Node has no browser.i18n, so the scripts speak the default locale's
 * catalogue, as an English browser would. `defaultTranslator` is the English words of `npm run check` and the
 * benches: the headline, the failure sentence and the run's notices (lib/view/headline-words.ts and
 * notice-words.ts), the same words the extension shows in English.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { type Catalogue, DEFAULT_LOCALE } from '../../lib/i18n/catalogue';
import { setMessageSource } from '../../lib/i18n/i18n';
import { catalogueSource } from '../../lib/i18n/sources';
import { createTranslator, type MessageSource, type Translator } from '../../lib/i18n/translator';

/** The default locale's (English) catalogue, as shipped. */
function defaultCatalogueSource(): MessageSource {
  // A path from this file's folder (import.meta.url is no file URL in a jsdom test, which uses this too).
  const file = resolve(import.meta.dirname, `../../public/_locales/${DEFAULT_LOCALE}/messages.json`);
  return catalogueSource(DEFAULT_LOCALE, JSON.parse(readFileSync(file, 'utf8')) as Catalogue);
}

export function useDefaultCatalogue(): void {
  setMessageSource(defaultCatalogueSource());
}

/** A translator of the default locale's catalogue of its own, whatever language the context speaks. */
export function defaultTranslator(): Translator {
  return createTranslator(defaultCatalogueSource());
}
