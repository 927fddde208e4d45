/**
 * A page's sentences and their tokens, remembered for the last few pages. Claims that cite the same page
 * (a Wikipedia article found for three claims of one answer) would otherwise split and tokenize it once
 * per claim; only the claim's own words differ between those calls.
 */
import { splitSentences } from '../../text/sentences';
import type { Sentence } from '../../types';
import { tokenize } from './tokenize';

export interface PageSentences {
  sentences: readonly Sentence[];
  /** `tokenize(sentence.text)` for each sentence, in the same order. */
  tokens: readonly (readonly string[])[];
}

/**
 * Pages remembered. One check reads at most a few pages per claim, and claims citing the same page run
 * close together, so a handful covers the reuse while keeping memory bounded in a long-lived worker.
 */
export const PAGE_MEMO_SIZE = 16;

/** Keyed by text (a page has one language); a Map keeps insertion order, which makes it a small LRU. */
const memo = new Map<string, { lang: string | undefined; page: PageSentences }>();

/** The sentences and tokens of `text`, computed once per (text, lang) while it stays among the recent pages. */
export function pageSentences(text: string, lang?: string): PageSentences {
  let entry = memo.get(text);
  if (entry) memo.delete(text);
  if (!entry || entry.lang !== lang) {
    const sentences = splitSentences(text, lang, 'page');
    entry = { lang, page: { sentences, tokens: sentences.map((sentence) => tokenize(sentence.text)) } };
  }
  if (memo.size >= PAGE_MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(text, entry);
  return entry.page;
}
