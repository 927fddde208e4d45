/**
 * The warning that a text cites sites rated low reliability, in the interface language (the side panel's "Sources
 * in this text", the Markdown export) or in the English catalogue's (the CLI): counted with the language's plural
 * forms, the domains listed as the language lists things, each kept in its own direction in right-to-left words.
 */
import type { LowRatedCitation } from '../core/quality/links/low-rated-citations';
import { uiLocale } from '../i18n/i18n';
import { isolate } from '../i18n/isolated-words';
import { INTERFACE_WORDS, type Words } from './headline-words';

/** "This text cites 2 sources rated low reliability: a.com and b.com."; undefined when none is. */
export function lowRatedCitationsWords(
  flagged: readonly LowRatedCitation[],
  words: Words = INTERFACE_WORDS,
  locale: string = uiLocale(),
): string | undefined {
  if (flagged.length === 0) return undefined;
  const domains = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    flagged.map((entry) => isolate(entry.rating.domain, words.dir)),
  );
  return words.t('linksLowRated', { count: flagged.length, domains });
}
