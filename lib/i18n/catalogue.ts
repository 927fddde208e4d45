/**
 * The message catalogues: `public/_locales/<locale>/messages.json`, the format browsers read for the
 * manifest's `__MSG_…__` and for `i18n.getMessage` (developer.chrome.com/docs/extensions/reference/api/i18n,
 * "Localization message formats"). This file is the format's rules in code, for catalogues we load
 * ourselves when the person picks an interface language other than the browser's (browsers have no API
 * for that: w3c/webextensions#258, #274), and for the tests that keep every catalogue whole.
 *
 * Our conventions on top of the format, checked by scripts/i18n/catalogue-rules.ts:
 * - plurals are one message per CLDR category of the locale: `<key>_one`, `<key>_other`, and for Arabic also
 *   `_zero`, `_two`, `_few`, `_many` (Intl.PluralRules decides which one a count takes);
 * - a message's named placeholders are bound to `$1`, `$2`, … in the alphabetical order of their names,
 *   so the code can pass named values to `getMessage`, which takes only positional ones.
 */

export interface MessageEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

export type Catalogue = Record<string, MessageEntry>;

/** The locales Factlight ships, as folder names; `en` is the manifest's `default_locale`. */
export const LOCALES = ['en', 'es', 'pt_BR', 'fr', 'de', 'ja', 'zh_CN', 'hi', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** CLDR plural categories, the suffixes of plural message names. */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `pt_BR` (a `_locales` folder, or Chromium's `@@ui_locale`) as a BCP 47 tag for Intl and `lang`: `pt-BR`. */
export function toLanguageTag(locale: string): string {
  return locale.replace(/_/g, '-');
}

/**
 * Right-to-left scripts' languages, for engines whose Intl.Locale has no text info (Firefox before it
 * shipped `getTextInfo`, Node 20): the languages of the Arabic, Hebrew, Thaana, N'Ko and Syriac scripts.
 */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'ku', 'nqo', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);

/** The writing direction of a locale: Intl's text info where the engine has it, else the list above. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  const tag = toLanguageTag(locale);
  try {
    const info = new Intl.Locale(tag) as Intl.Locale & {
      getTextInfo?: () => { direction?: string };
      textInfo?: { direction?: string };
    };
    const direction = info.getTextInfo?.().direction ?? info.textInfo?.direction;
    if (direction === 'rtl' || direction === 'ltr') return direction;
    return RTL_LANGUAGES.has(info.language) ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}

/** The placeholder names of a message, in the order they take the positional substitutions. */
export function placeholderOrder(names: Iterable<string>): string[] {
  return [...names].map((name) => name.toLowerCase()).sort();
}

/**
 * A message with its substitutions filled in, as `i18n.getMessage` does: `$NAME$` becomes its
 * placeholder's content (names are case-insensitive), `$1`…`$9` the substitutions, `$$` a dollar sign.
 */
export function fillMessage(entry: MessageEntry, substitutions: readonly string[]): string {
  const placeholders = new Map(
    Object.entries(entry.placeholders ?? {}).map(([name, value]) => [name.toLowerCase(), value.content]),
  );
  const expand = (text: string, withPlaceholders: boolean): string =>
    text.replace(/\$\$|\$([1-9])|\$([A-Za-z0-9_@]+)\$/g, (match, index?: string, name?: string) => {
      if (match === '$$') return '$';
      if (index) return substitutions[Number(index) - 1] ?? '';
      const content = withPlaceholders ? placeholders.get(name!.toLowerCase()) : undefined;
      return content === undefined ? match : expand(content, false);
    });
  return expand(entry.message, true);
}
