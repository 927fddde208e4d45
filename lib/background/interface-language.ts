/**
 * The background's interface language: the words of the context menus and the badge's tooltip, and the
 * catalogue it hands to content scripts (`getInterfaceCatalogue`), which cannot read the extension's
 * `_locales` themselves in Chrome MV3. Follows the "Interface language" setting live: a change re-titles
 * the context menus at once (they were created in the language of their day).
 */
import { browser } from 'wxt/browser';

import { type Catalogue, DEFAULT_LOCALE, PLURAL_CATEGORIES } from '../i18n/catalogue';
import { setMessageSource } from '../i18n/i18n';
import {
  type InterfaceLanguage,
  interfaceLanguageItem,
  parseInterfaceLanguage,
  readInterfaceLanguage,
} from '../i18n/language-setting';
import { loadCatalogue } from '../i18n/load-catalogue';
import { browserSource, catalogueSource } from '../i18n/sources';
import type { InterfaceCatalogue } from '../messaging/protocol';
import type { CommandRouter } from './authorized-handler';
import type { WorkerEvents } from './worker-events';

/** The setting's key in `storage.local` (WXT's `local:` prefix names the area). */
const LANGUAGE_KEY = interfaceLanguageItem.key.replace(/^local:/, '');

/** The chosen language's messages (its own over the default locale's), or null when following the browser. */
let chosen: { locale: string; messages: Catalogue } | null = null;
/** Settles once the chosen words are loaded; undefined until something first needs them. */
let ready: Promise<void> | undefined;

/** Counts the applies: when a change comes while an earlier read still loads, only the latest sets the words. */
let applied = 0;

async function apply(language: InterfaceLanguage): Promise<void> {
  const mine = ++applied;
  if (language === 'browser') {
    chosen = null;
    setMessageSource(browserSource());
    return;
  }
  try {
    const [own, fallback] = await Promise.all([
      loadCatalogue(language),
      language === DEFAULT_LOCALE ? Promise.resolve({}) : loadCatalogue(DEFAULT_LOCALE),
    ]);
    if (mine !== applied) return;
    chosen = { locale: language, messages: { ...fallback, ...own } };
    setMessageSource(catalogueSource(language, chosen.messages));
  } catch (error) {
    if (mine !== applied) return;
    // Only a broken install lacks its own files; the browser's language still says everything.
    console.warn('[factlight] interface language not loaded; following the browser', error);
    chosen = null;
    setMessageSource(browserSource());
  }
}

/**
 * Follows the setting: after each later change the words are loaded again, then `onChange` runs (to re-title
 * what the browser shows). Reads nothing now: a wake of the worker that says nothing does not load words
 * (issue 27); the first {@link interfaceLanguageReady} does.
 */
export function followInterfaceLanguage(
  onChange: () => void = () => undefined,
  events: Pick<WorkerEvents, 'storage'> = browser,
): void {
  // The storage event itself rather than WXT's `watch`: in Chrome the router listens through the doorway's relay
  // (worker-events.ts), so a change that wakes the worker reaches it too.
  events.storage.onChanged.addListener((changes, area) => {
    const change = changes[LANGUAGE_KEY];
    if (area === 'local' && change) ready = apply(parseInterfaceLanguage(change.newValue)).then(onChange);
  });
}

/** Follows the setting and reads it now, loading its words (the engine, which speaks as soon as it runs). */
export function startBackgroundLanguage(onChange: () => void = () => undefined): Promise<void> {
  followInterfaceLanguage(onChange);
  ready = undefined;
  return interfaceLanguageReady();
}

/**
 * Settles when the background speaks the chosen language (menus, tooltips and anything said to a person wait
 * for it); the first call reads the setting and loads its words.
 */
export function interfaceLanguageReady(): Promise<void> {
  ready ??= readInterfaceLanguage()
    .catch((error: unknown) => {
      console.warn('[factlight] interface language setting not read; following the browser', error);
      return 'browser' as const;
    })
    .then(apply);
  return ready;
}

/** The messages named by `keys`, each plural one with all its forms, in the chosen language. */
export function catalogueFor(keys: readonly string[]): InterfaceCatalogue {
  if (!chosen) return { locale: null };
  const messages: Catalogue = {};
  for (const key of keys) {
    for (const name of [key, ...PLURAL_CATEGORIES.map((category) => `${key}_${category}`)]) {
      const entry = chosen.messages[name];
      if (entry) messages[name] = entry;
    }
  }
  return { locale: chosen.locale, messages };
}

export function registerInterfaceLanguageHandlers(router: CommandRouter): void {
  router.handle('getInterfaceCatalogue', async ({ keys }) => {
    await interfaceLanguageReady();
    return catalogueFor(keys);
  });
}
