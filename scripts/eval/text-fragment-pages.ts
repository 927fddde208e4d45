/**
 * Text fragments measured on real article pages (shared by `npm run eval -- text-fragments` and its unit
 * test on copied pages). For a page, every sentence of the article as Factlight reads it (our extractor on
 * the saved source.html) is treated as a passage's best sentence; its fragment is built against that text
 * and matched, the way a browser matches it, against the page's text as Readability rendered it
 * (expected.html, Readability.js's own output, turned into text as a browser lays out blocks).
 */
import { buildTextFragment, matchTextFragment, normaliseForMatching } from '../../lib/core/text/build-text-fragment';
import { splitSentences } from '../../lib/core/text/sentences';
import { domToText } from '../../lib/extract/dom-text';
import { parseWithLinkedom } from '../../lib/extract/linkedom-extractor';
import { extractArticle } from '../../lib/extract/readability-extract';

/** Sentences shorter than this are headings, captions and list stubs, never a passage's best sentence. */
const MIN_SENTENCE_CHARS = 40;

export interface PageFragments {
  passages: number;
  /** Fragments that match exactly once in the rendered text. */
  unique: number;
  /** Fragments that match nowhere (the extractor's text and Readability's differ there). */
  missing: number;
  /** Examples of fragments that did not match exactly once. */
  failures: Array<{ sentence: string; directive: string; matches: number }>;
  /** Fragments with a range (start,end), and with prefix or suffix. */
  ranges: number;
  withContext: number;
}

/** Measures one page; `url` is the page's address (Readability resolves links against it). */
export function measurePage(
  sourceHtml: string,
  expectedHtml: string,
  url = 'https://example.com/article',
): PageFragments {
  const article = extractArticle(parseWithLinkedom(sourceHtml), url);
  const rendered = normaliseForMatching(
    domToText(parseWithLinkedom(`<!doctype html><html><body>${expectedHtml}</body></html>`).body),
  );
  const result: PageFragments = { passages: 0, unique: 0, missing: 0, failures: [], ranges: 0, withContext: 0 };
  if (!article) return result;
  for (const sentence of splitSentences(article.text, article.lang, 'page')) {
    if (sentence.text.trim().length < MIN_SENTENCE_CHARS) continue;
    const fragment = buildTextFragment(article.text, sentence.start, sentence.end);
    if (!fragment) continue;
    result.passages++;
    if (fragment.end) result.ranges++;
    if (fragment.prefix || fragment.suffix) result.withContext++;
    const matches = matchTextFragment(rendered, fragment).length;
    if (matches === 1) result.unique++;
    else {
      if (matches === 0) result.missing++;
      if (result.failures.length < 3)
        result.failures.push({ sentence: sentence.text.slice(0, 120), directive: JSON.stringify(fragment), matches });
    }
  }
  return result;
}
