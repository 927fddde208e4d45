/**
 * The "Interface language" setting: follow the browser (the default), or one of the shipped locales.
 * Kept apart from the settings object (lib/settings/schema.ts) on purpose: it holds no secret, and every
 * extension page reads it before its first render, straight from storage, so opening the side panel does
 * not wait for the service worker to wake. The background reads it too (context menus, the badge's
 * tooltip, and the catalogue it hands to content scripts); content scripts ask the background.
 */
import { storage } from 'wxt/utils/storage';

import { isLocale, type Locale } from './catalogue';

export type InterfaceLanguage = 'browser' | Locale;

export const interfaceLanguageItem = storage.defineItem<unknown>('local:interfaceLanguage', { fallback: 'browser' });

/** A stored value as a setting: anything that is not a shipped locale means "follow the browser". */
export function parseInterfaceLanguage(value: unknown): InterfaceLanguage {
  return isLocale(value) ? value : 'browser';
}

export async function readInterfaceLanguage(): Promise<InterfaceLanguage> {
  return parseInterfaceLanguage(await interfaceLanguageItem.getValue());
}

export async function saveInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  await interfaceLanguageItem.setValue(language);
}

/** Calls `listener` with the new setting whenever it changes (in any page or the background). */
export function watchInterfaceLanguage(listener: (language: InterfaceLanguage) => void): () => void {
  return interfaceLanguageItem.watch((value) => listener(parseInterfaceLanguage(value)));
}
