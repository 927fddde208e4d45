/**
 * Runs @mozilla/readability on a `Document` from any DOM implementation and turns its result into the
 * pipeline's `Article`, with a boilerplate cleanup before and after Readability (see `boilerplate.ts`
 * and `article-cleanup.ts`) to keep captions, link lists and share/subscribe blocks out of the evidence.
 */
import { Readability } from '@mozilla/readability';

import type { Article } from '../core/ports';
import { hostOf } from '../core/text/hosts';
import { cleanArticle } from './article-cleanup';
import { removeBoilerplate } from './boilerplate';
import { domToText } from './dom-text';
import { findByline, normaliseDate, readMetadata } from './metadata';

/** Options for {@link extractArticle}. */
export interface ExtractOptions {
  /** Apply the boilerplate cleanup (default true); false gives plain Readability, for comparison. */
  cleanup?: boolean;
}

/**
 * Fewer characters than this is not an article but an error page, a stub or a consent wall: Readability
 * returns *something* for almost any page ("Not Found"), which must not become evidence.
 */
export const MIN_ARTICLE_CHARS = 200;

function clean(value: string | null | undefined): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}

/**
 * Extracts the main article of `doc`, which was loaded from `url`. Mutates `doc` (Readability and the
 * cleanup remove nodes), so pass a fresh parse. Returns null when the page has no readable article.
 */
export function extractArticle(doc: Document, url: string, options: ExtractOptions = {}): Article | null {
  const cleanup = options.cleanup ?? true;
  const metadata = readMetadata(doc);
  const fallbackTitle = clean(doc.title);
  // The cleanup removes byline elements, where Readability would look for the author.
  const domByline = cleanup ? findByline(doc) : undefined;
  if (cleanup) removeBoilerplate(doc);
  // The serializer hands back the article element itself, so the cleanup and text conversion work on a
  // DOM instead of re-parsing Readability's HTML string.
  const parsed = new Readability<Element>(doc, { serializer: (node) => node as Element }).parse();
  const content = parsed?.content;
  if (!parsed || !content) return null;
  if (cleanup) cleanArticle(content, url);
  const text = domToText(content);
  if (text.length < MIN_ARTICLE_CHARS) return null;

  const title = clean(parsed.title) ?? fallbackTitle ?? '';
  const siteName = clean(parsed.siteName) ?? (hostOf(url) || undefined);
  const byline = clean(parsed.byline) ?? domByline;
  const publishedAt = normaliseDate(parsed.publishedTime) ?? metadata.publishedAt;
  const lang = clean(parsed.lang) ?? metadata.lang;
  return {
    title,
    text,
    ...(siteName ? { siteName } : {}),
    ...(byline ? { byline } : {}),
    ...(publishedAt ? { publishedAt } : {}),
    ...(lang ? { lang } : {}),
  };
}
