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
