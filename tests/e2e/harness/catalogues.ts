/**
 * The shipped message catalogues (public/_locales/<locale>/messages.json) as the locale tests read them: the
 * words a page must show in a language are looked up here, never copied into the tests.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Catalogue } from '../../../lib/i18n/catalogue';

/** One locale's catalogue, as the extension ships it. */
export function catalogue(locale: string): Catalogue {
  const file = resolve(import.meta.dirname, `../../../public/_locales/${locale}/messages.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
}

const EN = catalogue('en');

/**
 * What the English `english` reads as in `words`: the message under the same key once that text is in the
 * catalogue, the English text itself while the code still has it as a literal (the conversion is under way:
 * scripts/i18n/literals-baseline.tsv), so a test keeps passing as a string moves into the catalogue.
 */
export function inCatalogue(words: Catalogue, english: string): string {
  const key = Object.keys(EN).find((name) => EN[name]!.message === english);
  return key === undefined ? english : words[key]!.message;
}
