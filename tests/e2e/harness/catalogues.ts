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

/** `text` as a regular expression source that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message as a pattern: its fixed words exactly, each `$NAME$` placeholder matching `fill[name]` (a regular
 * expression source; any text when not given). For lines whose figures the test does not fix ("3.8 من 5").
 */
export function messagePattern(message: string, fill: Record<string, string> = {}): RegExp {
  const parts = message.split(/\$([A-Za-z0-9_]+)\$/);
  const source = parts
    .map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : (fill[part.toLowerCase()] ?? '.+?')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * A plural message of `locale` for `count`, as the extension words it: the form Intl's plural rules pick
 * for the locale, the number written by Intl for it ("1 refuted"; Arabic's singular has no number).
 */
export function pluralMessage(locale: string, base: string, count: number): string {
  const words = catalogue(locale);
  const tag = locale.replace('_', '-');
  const entry = words[`${base}_${new Intl.PluralRules(tag).select(count)}`] ?? words[`${base}_other`];
  if (!entry) throw new Error(`${locale} has no ${base} message`);
  return entry.message.replace('$COUNT$', new Intl.NumberFormat(tag).format(count));
}
