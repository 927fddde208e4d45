/**
 * `ArticleExtractor` on the runtime's native `DOMParser`: Firefox's event page, a Chrome offscreen document
 * (reason DOM_PARSER) or any page. It must not import linkedom (see `linkedom-extractor.ts`).
 */
import type { Article, ArticleExtractor } from '../core/ports';
import { capHtml, type ParseLimits } from './html-limit';
import { extractArticle, type ExtractOptions } from './readability-extract';

/**
 * A parsed document's base URL is the parsing page's (chrome-extension://…), so Readability would turn
 * `/news/other-story` into an extension URL and the cleanup could no longer tell links to the same site.
 * A `<base>` with the page's own address fixes that, unless the page declares its own.
 */
function setBaseUrl(doc: Document, url: string): void {
  if (doc.querySelector('base[href]')) return;
  const base = doc.createElement('base');
  base.setAttribute('href', url);
  doc.head.prepend(base);
}

/** Creates an extractor that parses with `new DOMParser()` and runs Readability plus the cleanup. */
export function createDomParserExtractor(options: ExtractOptions & ParseLimits = {}): ArticleExtractor {
  if (typeof DOMParser !== 'function') {
    // i18n-exempt: a developer's error: a bug in our own code or set-up, never a person's
    throw new Error('DOMParser is not available here; use the linkedom extractor in a service worker or Node.');
  }
  return {
    extract(html: string, url: string): Promise<Article | null> {
      const doc = new DOMParser().parseFromString(capHtml(html, options.maxHtmlChars), 'text/html');
      setBaseUrl(doc, url);
      return Promise.resolve(extractArticle(doc, url, options));
    },
  };
}
