/**
 * The interface language in use in this context (an extension page, the background, a content script):
 * `t`, `formatNumber`, … read whichever source is active. It starts as the browser's language; a page or
 * the background switches it to a chosen one (page-language.ts, background-language.ts) before it shows
 * anything, and a content script to what the background sends (content-language.ts).
 */
import type { MessageKey, ParamsArgument } from './keys';
import { browserSource } from './sources';
import { createTranslator, type MessageSource, type Translator } from './translator';

let active: Translator | undefined;

/** The active translator; the browser's language until `setMessageSource` says otherwise. */
function current(): Translator {
  active ??= createTranslator(browserSource());
  return active;
}

/** Switches this context to another source of messages (a chosen language, or the browser's again). */
export function setMessageSource(source: MessageSource): void {
  active = createTranslator(source);
}

/** A message of the active catalogue, with its parameters filled in and plural form chosen. */
export function t<K extends MessageKey>(key: K, ...params: ParamsArgument<K>): string {
  return current().t(key, ...params);
}

/** The active catalogue's locale as a BCP 47 tag (`ar`, `pt-BR`): for `lang` attributes and Intl. */
export function uiLocale(): string {
  return current().locale;
}

/** The active catalogue's writing direction: `dir` of extension pages and of the in-page UI's root. */
export function uiDirection(): 'ltr' | 'rtl' {
  return current().dir;
}

/** An arrow pointing the way the interface reads ("before → after"; in Arabic "before ← after"): U+2192 is not
 * mirrored by the bidi algorithm, so in right-to-left text it would point back at "before". */
export function forwardArrow(): '→' | '←' {
  return uiDirection() === 'rtl' ? '←' : '→';
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return current().formatNumber(value, options);
}

export function formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string {
  return current().formatDate(value, options);
}

export function formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return current().formatRelativeTime(value, unit);
}
