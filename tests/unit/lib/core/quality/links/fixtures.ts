/**
 * A real page for the link tests: Ars Technica's article from Readability's test suite, as HTML and as
 * the main text our extractor reads from it.
 */
import { parseWithLinkedom } from '../../../../../../lib/extract/linkedom-extractor';
import { extractArticle } from '../../../../../../lib/extract/readability-extract';
import { realPage } from '../../../../support/real-pages';

export const arsHtml = realPage('ars-1').source;

const article = extractArticle(
  parseWithLinkedom(arsHtml),
  'https://arstechnica.com/security/2015/04/16/just-released-minecraft-exploit/',
);
if (!article) throw new Error('The ars-1 page gave no article; the extractor changed.');

/** The page's main text (about 3,600 characters). */
export const arsText = article.text;
