/**
 * `ArticleExtractor` for runtimes without `DOMParser`: the MV3 service worker and Node. linkedom is a
 * ~200 kB parser, so this module is kept apart from `dom-parser-extractor.ts`: a bundle that imports only
 * the DOMParser path does not pull linkedom in (platform notes, pitfall 6).
 */
import { parseHTML } from 'linkedom';

import type { Article, ArticleExtractor } from '../core/ports';
import { capHtml, type ParseLimits } from './html-limit';
import { extractArticle, type ExtractOptions } from './readability-extract';

/** Parses `html` (capped at `maxHtmlChars`) into a DOM `Document` with linkedom. */
export function parseWithLinkedom(html: string, maxHtmlChars?: number): Document {
  const capped = capHtml(html, maxHtmlChars);
  // linkedom's Document type is its own class; it implements the DOM surface Readability uses.
  const doc = parseHTML(capped).document as unknown as Document;
  if (doc.documentElement?.tagName === 'HTML') return doc;
  // Unlike a browser, linkedom builds no <html>/<body> around a fragment (or an empty string), and then
  // `doc.body` throws. Give it the document structure a browser would.
  const body = capped.replace(/^\s*<!doctype[^>]*>/i, '');
  return parseHTML(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`).document as unknown as Document;
}

/** Creates an extractor that parses with linkedom and runs Readability plus the cleanup. */
export function createLinkedomExtractor(options: ExtractOptions & ParseLimits = {}): ArticleExtractor {
  return {
    extract(html: string, url: string): Promise<Article | null> {
      return Promise.resolve(extractArticle(parseWithLinkedom(html, options.maxHtmlChars), url, options));
    },
  };
}
