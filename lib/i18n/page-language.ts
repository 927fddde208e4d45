/**
 * The interface language of an extension page (side panel, options, welcome, privacy): read before the
 * first render, set as the page's `lang` and `dir` (from the catalogue in use, never from the browser's
 * UI language, which Chromium can report differently), and followed live when the setting changes.
 */
import { setMessageSource, uiDirection, uiLocale } from './i18n';
import {
  type InterfaceLanguage,
  readInterfaceLanguage,
  saveInterfaceLanguage,
  watchInterfaceLanguage,
} from './language-setting';
import { loadMessageSource } from './load-catalogue';
import { browserSource } from './sources';

const listeners = new Set<() => void>();
let applied: InterfaceLanguage | undefined;

async function apply(language: InterfaceLanguage, doc: Document): Promise<void> {
  try {
    setMessageSource(await loadMessageSource(language));
  } catch (error) {
    // The shipped files cannot be read (a broken install): the browser's language still says everything.
    console.warn('[factlight] interface language not loaded; following the browser', error);
    setMessageSource(browserSource());
  }
  applied = language;
  doc.documentElement.lang = uiLocale();
  doc.documentElement.dir = uiDirection();
}

/**
 * Sets the page up in the chosen interface language and keeps it there. Never rejects: a setting that
 * cannot be read means the browser's language.
 */
export async function startPageLanguage(doc: Document = document): Promise<void> {
  const language = await readInterfaceLanguage().catch((error: unknown) => {
    console.warn('[factlight] interface language setting not read; following the browser', error);
    return 'browser' as const;
  });
  await apply(language, doc);
  watchInterfaceLanguage((changed) => {
    if (changed === applied) return;
    void apply(changed, doc).then(() => listeners.forEach((listener) => listener()));
  });
}

/** Runs `listener` after the page switched language (to render again in the new words). */
export function onInterfaceLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The options page's choice: saved for every page and the background, and applied to this page at once. */
export async function chooseInterfaceLanguage(language: InterfaceLanguage, doc: Document = document): Promise<void> {
  await saveInterfaceLanguage(language);
  if (language === applied) return;
  await apply(language, doc);
  listeners.forEach((listener) => listener());
}
