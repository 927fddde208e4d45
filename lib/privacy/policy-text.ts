/**
 * The privacy policy's text in a locale: PRIVACY.md (English, the authoritative text) or its translation in
 * docs/privacy/PRIVACY.<locale>.md. English is in the page's own script; each translation is a chunk of its
 * own, loaded only when the page shows it, so no other page carries any of them and the privacy page reads
 * only the one it needs.
 */
import english from '../../PRIVACY.md?raw';
import { DEFAULT_LOCALE } from '../i18n/catalogue';

export interface PolicyText {
  /** The locale the text is written in (a `_locales` folder name): the one asked for, or English. */
  locale: string;
  text: string;
}

export const ENGLISH_POLICY: PolicyText = { locale: DEFAULT_LOCALE, text: english };

const TRANSLATIONS = import.meta.glob<string>('../../docs/privacy/PRIVACY.*.md', { query: '?raw', import: 'default' });

/**
 * The policy in `language` (a BCP 47 tag such as `uiLocale()`'s `pt-BR`, or a folder name such as `pt_BR`),
 * English when there is no translation or it cannot be read. Never rejects.
 */
export async function loadPolicyText(language: string): Promise<PolicyText> {
  const locale = language.replace(/-/g, '_');
  const load = TRANSLATIONS[`../../docs/privacy/PRIVACY.${locale}.md`];
  if (locale === DEFAULT_LOCALE || !load) return ENGLISH_POLICY;
  try {
    return { locale, text: await load() };
  } catch (error) {
    // A broken install: the English text says the same, authoritatively.
    console.warn(`[factlight] the ${locale} privacy policy could not be read; showing the English one`, error);
    return ENGLISH_POLICY;
  }
}
