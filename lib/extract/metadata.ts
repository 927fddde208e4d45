/**
 * Page metadata Readability does not (always) give: the publication date from the places publishers put
 * it, and the language. Read before Readability runs, since it removes `<script>` (JSON-LD) from the DOM.
 */

/** What {@link readMetadata} found; fields are absent when the page does not say. */
export interface PageMetadata {
  publishedAt?: string;
  lang?: string;
}

/** `<meta>` names/properties that carry the publication date, most specific first. */
const DATE_META = [
  'article:published_time',
  'og:article:published_time',
  'datepublished',
  'publishdate',
  'publish-date',
  'pubdate',
  'parsely-pub-date',
  'sailthru.date',
  'dc.date.issued',
  'dcterms.created',
  'dc.date',
  'date',
];

/** Returns an ISO 8601 date for a parseable date string, else undefined. */
export function normaliseDate(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** `<meta>` contents by lower-cased property, name, itemprop or http-equiv; the first one of a key wins. */
function metaContents(doc: Document): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const meta of Array.from(doc.querySelectorAll('meta'))) {
    const content = meta.getAttribute('content');
    if (!content) continue;
    for (const attribute of ['property', 'name', 'itemprop', 'http-equiv']) {
      const key = meta.getAttribute(attribute)?.trim().toLowerCase();
      if (key && !byKey.has(key)) byKey.set(key, content);
    }
  }
  return byKey;
}

function metaDate(byKey: Map<string, string>): string | undefined {
  for (const key of DATE_META) {
    const date = normaliseDate(byKey.get(key));
    if (date) return date;
  }
  return undefined;
}

/** Finds `datePublished` anywhere in a JSON-LD value (objects, arrays, `@graph`). */
function jsonLdDate(value: unknown, depth = 0): string | undefined {
  if (depth > 6 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = jsonLdDate(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  const own = record['datePublished'] ?? record['dateCreated'];
  if (typeof own === 'string') {
    const date = normaliseDate(own);
    if (date) return date;
  }
  for (const child of Object.values(record)) {
    const found = jsonLdDate(child, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function scriptDate(doc: Document): string | undefined {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      const found = jsonLdDate(JSON.parse(script.textContent ?? '') as unknown);
      if (found) return found;
    } catch {
      // Broken JSON-LD is common; the other sources still apply.
    }
  }
  return undefined;
}

function timeDate(doc: Document): string | undefined {
  const marked = doc.querySelector('[itemprop="datePublished"]');
  const fromItemprop = normaliseDate(marked?.getAttribute('content') ?? marked?.getAttribute('datetime'));
  if (fromItemprop) return fromItemprop;
  // The first <time datetime> of an article page is its date far more often than a comment's.
  for (const time of Array.from(doc.querySelectorAll('time[datetime]'))) {
    const date = normaliseDate(time.getAttribute('datetime'));
    if (date) return date;
  }
  return undefined;
}

function language(doc: Document, byKey: Map<string, string>): string | undefined {
  const fromRoot = doc.documentElement?.getAttribute('lang')?.trim();
  if (fromRoot) return fromRoot;
  const header = byKey.get('content-language')?.split(',')[0]?.trim();
  if (header) return header;
  const locale = byKey.get('og:locale')?.trim();
  return locale ? locale.replace('_', '-') : undefined;
}

/** Readability's test for a byline element, by class or id. */
const BYLINE_CLASS = /byline|author|dateline|writtenby|p-author/i;

/**
 * The page's byline as Readability would find it in the DOM: the first visible element marked as author
 * (`rel="author"`, `itemprop="author"`, or a byline/author class or id) with a short text. Read before the
 * boilerplate cleanup, which removes byline elements from the article text.
 */
export function findByline(doc: Document): string | undefined {
  const candidates = doc.body?.querySelectorAll('[rel="author"], [itemprop*="author"], [class], [id]') ?? [];
  for (const element of Array.from(candidates)) {
    const marked =
      element.getAttribute('rel') === 'author' ||
      (element.getAttribute('itemprop') ?? '').includes('author') ||
      BYLINE_CLASS.test(`${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`);
    if (!marked || element.closest('[hidden], script, style, template')) continue;
    const name = element.querySelector('[itemprop*="name"]');
    const text = (name ?? element).textContent?.replace(/\s+/g, ' ').trim();
    if (text && text.length < 100) return text;
  }
  return undefined;
}

/** Reads the publication date (meta tags, then JSON-LD, then `<time>`) and the language of `doc`. */
export function readMetadata(doc: Document): PageMetadata {
  const byKey = metaContents(doc);
  const publishedAt = metaDate(byKey) ?? scriptDate(doc) ?? timeDate(doc);
  const lang = language(doc, byKey);
  return { ...(publishedAt ? { publishedAt } : {}), ...(lang ? { lang } : {}) };
}
