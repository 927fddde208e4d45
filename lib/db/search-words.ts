/**
 * Words a check can be found by in history: from the start of its text, its page title and its site.
 * Stored in a multi-entry index, so "search by text and site" is an indexed prefix lookup even with
 * 10,000 checks. Capped so one huge check cannot bloat the index.
 */
import { isPlainAscii } from '../core/text/plain-ascii';

const TEXT_CHARS = 4_000;
const MAX_WORDS = 300;

/**
 * The pattern of a word in `source`: letters and numbers of any script, with inner apostrophes and hyphens. Its letter
 * and number classes take ~0.6 ms to build the first time in a worker (issue 27); in plain ASCII text they find only
 * A–Z, a–z and 0–9, so such text is read with the ASCII pattern, to the same words.
 */
export function wordPattern(source: string): RegExp {
  return isPlainAscii(source) ? /[A-Za-z0-9][A-Za-z0-9'-]*/g : /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
}

export function searchWordsFor(text: string, title?: string, site?: string): string[] {
  const words = new Set<string>();
  const add = (source: string) => {
    const lower = source.toLowerCase();
    for (const match of lower.matchAll(wordPattern(lower))) {
      if (words.size >= MAX_WORDS) return;
      if (match[0].length >= 2) words.add(match[0]);
    }
  };
  if (site) {
    words.add(site.toLowerCase());
    for (const part of site.toLowerCase().split('.')) if (part.length >= 2) words.add(part);
  }
  add(title ?? '');
  add(text.slice(0, TEXT_CHARS));
  return [...words];
}

/** Splits a history query into the words to look up (same rules as indexing). */
export function queryWords(query: string): string[] {
  return [...query.toLowerCase().matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)]
    .map((match) => match[0])
    .filter((word) => word.length >= 1);
}
