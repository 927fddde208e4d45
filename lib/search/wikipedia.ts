/**
 * Wikipedia full-text search through the MediaWiki Action API (`list=search`), chosen over the REST
 * `/w/rest.php/v1/search/page` endpoint because it is the long-stable one, is served by every MediaWiki,
 * and supports anonymous CORS with `origin=*`.
 *
 * Request and response shape: https://www.mediawiki.org/wiki/API:Search (with `formatversion=2`:
 * `{ query: { searchinfo, search: [{ ns, title, pageid, snippet }] } }`); errors arrive with status 200
 * as `{ error: { code, info } }` (https://www.mediawiki.org/wiki/API:Errors_and_warnings).
 */
import { z } from 'zod';

import { ProviderError } from '../core/errors';
import type { SearchProvider, SearchQuery } from '../core/ports';
import { defineProvider, primaryLanguage, type ProviderContext, type ProviderSpec } from './provider';
import { stripHtml } from './strip-html';

const schema = z.object({
  query: z
    .object({
      search: z.array(z.object({ title: z.string(), snippet: z.string().optional() })),
    })
    .optional(),
  error: z.object({ code: z.string(), info: z.string().optional() }).optional(),
});

/** The Wikipedia language edition for a query language: its primary subtag, "en" when unknown. */
export function wikipediaLanguage(tag: string | undefined): string {
  const primary = primaryLanguage(tag);
  if (primary === 'nb') return 'no';
  return primary ?? 'en';
}

/** The article URL for a title, encoded as MediaWiki does (spaces → "_", `/:,;@$` left readable). */
export function wikipediaArticleUrl(language: string, title: string): string {
  const path = encodeURIComponent(title.trim().replace(/ /g, '_')).replace(/%(2F|3A|2C|3B|40|24)/g, (escaped) =>
    decodeURIComponent(escaped),
  );
  return `https://${language}.wikipedia.org/wiki/${path}`;
}

const spec: ProviderSpec<z.infer<typeof schema>> = {
  id: 'wikipedia',
  defaultBase: (query: SearchQuery) => `https://${wikipediaLanguage(query.language)}.wikipedia.org`,
  maxCount: 500,
  schema,
  call: ({ query, count }) => ({
    method: 'GET',
    path: '/w/api.php',
    params: {
      action: 'query',
      list: 'search',
      srsearch: query.text,
      srlimit: count,
      srprop: 'snippet',
      format: 'json',
      formatversion: 2,
      origin: '*',
    },
    // Wikimedia's User-Agent policy: browsers cannot set User-Agent, so identify via Api-User-Agent.
    // i18n-exempt: an HTTP header (User-Agent) naming our client, not interface text
    headers: { 'Api-User-Agent': 'Factlight/0.1 (fact-checking browser extension)' },
  }),
  read: (data, query) => {
    if (data.error) {
      const kind =
        data.error.code === 'ratelimited' ? 'rate-limit' : data.error.code === 'maxlag' ? 'server' : 'bad-request';
      const detail = data.error.info ?? data.error.code;
      throw new ProviderError(
        kind,
        { code: 'search-api-refused', provider: 'Wikipedia', what: 'search', detail },
        { provider: 'wikipedia' },
      );
    }
    if (!data.query)
      throw new ProviderError(
        'malformed',
        { code: 'search-bad-reply', provider: 'Wikipedia', problem: 'no-results' },
        { provider: 'wikipedia' },
      );
    const language = wikipediaLanguage(query.language);
    return data.query.search.map((page) => ({
      url: wikipediaArticleUrl(language, page.title),
      title: page.title,
      snippet: stripHtml(page.snippet ?? ''),
    }));
  },
};

/**
 * Wikipedia search (no key). Queries the edition of `query.language` unless `baseUrl` points at another
 * API origin; result URLs always name the Wikipedia article so they can be fetched as evidence.
 */
export function createWikipediaProvider(context: ProviderContext): SearchProvider {
  return defineProvider(spec, context);
}
