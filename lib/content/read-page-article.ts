import { type CaptureSelectors, textQuote } from '../anchoring/selectors';
import { extractArticle } from '../extract/readability-extract';

/**
 * "Fact-check this page": the page's main article through the same Readability extraction as evidence
 * pages (on a clone, so the page itself is untouched). The article text is not one contiguous run of the
 * page's text, so its selector carries only the opening words; each claim is then anchored by its own
 * words with the surrounding article text as context.
 */
export function readPageArticle(doc: Document): { title: string; text: string; selectors: CaptureSelectors } | null {
  const article = extractArticle(doc.cloneNode(true) as Document, doc.location.href);
  const text = article?.text.trim();
  if (!article || !text) return null;
  return {
    title: article.title || doc.title,
    text,
    selectors: { quote: textQuote(text.slice(0, 200)), position: { type: 'TextPositionSelector', start: 0, end: 0 } },
  };
}
