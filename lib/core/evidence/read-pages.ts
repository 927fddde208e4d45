/**
 * Reads evidence pages: fetch with a timeout and a size cap, extract the main text with the runtime's
 * extractor. Each URL is read once per check however many claims cite it (in-flight requests are
 * shared), and kept in the cache so a re-check reads nothing again. A page that cannot be read is
 * remembered briefly too, so a dead link is not retried on every claim.
 */
import { errorMessage, isCancellation } from '../errors';
import type { Article, ArticleExtractor, Cache, PageFetcher } from '../ports';
import { canonicalUrl } from './sources/url-filter';

const PAGE_TTL_MS = 7 * 24 * 3600 * 1000;
const FAILED_PAGE_TTL_MS = 3600 * 1000;

export interface PageReaderOptions {
  fetcher: PageFetcher;
  extractor: ArticleExtractor;
  cache?: Cache;
  fresh?: boolean;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

export type PageReading = { ok: true; article: Article; finalUrl: string } | { ok: false; reason: string };

export interface PageReader {
  read(url: string): Promise<PageReading>;
}

export function createPageReader(options: PageReaderOptions): PageReader {
  const inFlight = new Map<string, Promise<PageReading>>();

  async function readFresh(url: string, key: string): Promise<PageReading> {
    if (!options.fresh) {
      const cached = await options.cache?.get<PageReading>('page', key);
      if (cached) return cached;
    }
    let reading: PageReading;
    try {
      const page = await options.fetcher.fetch(url, {
        timeoutMs: options.timeoutMs,
        maxBytes: options.maxBytes,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const article = await options.extractor.extract(page.body, page.finalUrl);
      // i18n-exempt: `PageReading.reason`: cached, never shown (the search snippet is used instead)
      reading =
        article && article.text.trim()
          ? { ok: true, article, finalUrl: page.finalUrl }
          : { ok: false, reason: 'No readable text on the page.' };
    } catch (error) {
      if (isCancellation(error)) throw error;
      reading = { ok: false, reason: errorMessage(error) };
    }
    await options.cache?.set('page', key, reading, reading.ok ? PAGE_TTL_MS : FAILED_PAGE_TTL_MS);
    return reading;
  }

  return {
    read(url) {
      const key = canonicalUrl(url);
      let pending = inFlight.get(key);
      if (!pending) {
        pending = readFresh(url, key);
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
