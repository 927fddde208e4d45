/**
 * The few words of the script on every page (the floating button), without the translator: that script
 * stays tiny (BENCHMARKS.md, "In the page"), and its words take no parameters, plurals, numbers or dates.
 * Following the browser, `i18n.getMessage` answers in the browser's language; a chosen interface language's
 * words come from the background (a content script cannot read the extension's `_locales` in Chrome MV3),
 * only the `keys` asked for. Scripts injected on demand (the highlighter) use the whole translator instead
 * (content-language.ts).
 */
import { browser } from 'wxt/browser';

import { sendToBackground } from '../messaging/protocol';
import { type Catalogue, DEFAULT_LOCALE, fillMessage, textDirection, toLanguageTag } from './catalogue';
import type { MessageKey } from './keys';

/** The chosen language's words, once the background has sent them; unset while following the browser. */
let chosen: { locale: string; messages: Catalogue } | undefined;

// WXT types getMessage's names from the catalogue; ours are checked by keys.ts.
const getMessage = (name: string) => (browser.i18n.getMessage as (name: string) => string | undefined)(name) ?? '';

/**
 * Asks the background for the chosen interface language's `keys`, if a language is chosen. Rejects when the
 * background does not answer (the browser's words stay).
 */
export async function startContentWords(keys: readonly MessageKey[]): Promise<void> {
  const answer = await sendToBackground('getInterfaceCatalogue', { keys: [...keys] });
  chosen = answer.locale === null ? undefined : { locale: answer.locale, messages: answer.messages };
}

/** A message without parameters in the interface language (the key itself when there is none, as `t` does). */
export function contentWord(key: MessageKey): string {
  const entry = chosen?.messages[key];
  return (chosen ? entry && fillMessage(entry, []) : getMessage(key)) || key;
}

/** The words' locale as a BCP 47 tag (`ar`, `pt-BR`), from the catalogue in use, never `getUILanguage()`. */
export function contentWordsLocale(): string {
  return toLanguageTag(chosen?.locale ?? (getMessage('localeCode') || DEFAULT_LOCALE));
}

/** The words' writing direction. */
export function contentWordsDirection(): 'ltr' | 'rtl' {
  return textDirection(contentWordsLocale());
}
