/**
 * The few words of the script on every page (the floating button, its progress mark and notice), without the
 * translator: that script stays tiny (BENCHMARKS.md, "In the page"), so its words take only text parameters
 * and one count (`contentCount`), no dates. Following the browser, `i18n.getMessage` answers in the browser's
 * language; a chosen interface language's words come from the background (a content script cannot read the
 * extension's `_locales` in Chrome MV3), only the `keys` asked for. Scripts injected on demand (the
 * highlighter) use the whole translator instead (content-language.ts), and hand its words to this module for
 * the code they share with the script on every page (selection-notice.ts).
 */
import { browser } from 'wxt/browser';

import { sendToBackground } from '../messaging/protocol';
import { type Catalogue, DEFAULT_LOCALE, fillMessage, textDirection, toLanguageTag } from './catalogue';
import type { MessageKey, PluralKey } from './keys';

/** The chosen language's words, once the background has sent them; unset while following the browser. */
let chosen: { locale: string; messages: Catalogue } | undefined;

// WXT types getMessage's names from the catalogue; ours are checked by keys.ts (plural forms are built here).
const getMessage = (name: string, substitutions: string[] = []) =>
  (browser.i18n.getMessage as (name: string, substitutions: string[]) => string | undefined)(name, substitutions) ?? '';

/**
 * Asks the background for the chosen interface language's `keys`, if a language is chosen. Rejects when the
 * background does not answer (the browser's words stay).
 */
export async function startContentWords(keys: readonly MessageKey[]): Promise<void> {
  const answer = await sendToBackground('getInterfaceCatalogue', { keys: [...keys] });
  chosen = answer.locale === null ? undefined : { locale: answer.locale, messages: answer.messages };
}

/**
 * A message in the interface language, its placeholders filled in order ($1, $2: the alphabetical order of
 * their names, docs/i18n/README.md); the key itself when there is none, as `t` does.
 */
export function contentWord(key: MessageKey | `${PluralKey}_${string}`, ...substitutions: string[]): string {
  const entry = chosen?.messages[key];
  return (chosen ? entry && fillMessage(entry, substitutions) : getMessage(key, substitutions)) || key;
}

/** A plural message for `count` (its only placeholder): the locale's CLDR form, the number as it writes it. */
export function contentCount(key: PluralKey, count: number): string {
  const locale = contentWordsLocale();
  return contentWord(`${key}_${new Intl.PluralRules(locale).select(count)}`, count.toLocaleString(locale));
}

/** Takes the words a whole translator got from the background (content-language.ts), for code shared with it. */
export function setContentWords(locale: string, messages: Catalogue): void {
  chosen = { locale, messages };
}

/** The words' locale as a BCP 47 tag (`ar`, `pt-BR`), from the catalogue in use, never `getUILanguage()`. */
export function contentWordsLocale(): string {
  return toLanguageTag(chosen?.locale ?? (getMessage('localeCode') || DEFAULT_LOCALE));
}

/** The words' writing direction. */
export function contentWordsDirection(): 'ltr' | 'rtl' {
  return textDirection(contentWordsLocale());
}
