/**
 * Brave Search web results.
 *
 * Request: https://api-dashboard.search.brave.com/api-reference/web/search/get — `GET /res/v1/web/search`
 * with `q`, `count` (1–20), `search_lang`, `result_filter`, and headers `X-Subscription-Token`,
 * `Accept: application/json`. Response: https://api.search.brave.com/app/documentation/web-search/responses
 * — `WebSearchApiResponse { type: "search", web?: { results: [SearchResult] } }`, where a result has
 * `title`, `url`, `description` (with `<strong>` decorations), `page_age?` (ISO) and `age?` (human).
 */
import { z } from 'zod';

import type { SearchProvider } from '../core/ports';
import { defineProvider, primaryLanguage, type ProviderContext, type ProviderSpec, toPublishedAt } from './provider';
import { stripHtml } from './strip-html';

const schema = z.object({
  type: z.literal('search'),
  web: z
    .object({
      results: z.array(
        z.object({
          title: z.string().nullish(),
          url: z.string().nullish(),
          description: z.string().nullish(),
          page_age: z.string().nullish(),
          age: z.string().nullish(),
        }),
      ),
    })
    .optional(),
});

/** Languages Brave accepts as `search_lang` under their own primary subtag (see its language codes). */
const BRAVE_LANGUAGES = new Set(
  'ar eu bn bg ca hr cs da nl en et fi fr gl de gu he hi hu is it kn ko lv lt ms ml mr nb pl pa ro ru sr sk sl es sv ta te th tr uk vi'.split(
    ' ',
  ),
);

/** Brave's `search_lang` for a BCP 47 tag (it spells Japanese "jp" and splits Chinese and Portuguese). */
export function braveSearchLang(tag: string | undefined): string | undefined {
  const primary = primaryLanguage(tag);
  const lower = tag?.toLowerCase() ?? '';
  if (primary === 'ja') return 'jp';
  if (primary === 'zh') return /-(hant|tw|hk|mo)\b/.test(lower) ? 'zh-hant' : 'zh-hans';
  if (primary === 'pt') return /-br\b/.test(lower) ? 'pt-br' : 'pt-pt';
  if (primary === 'no') return 'nb';
  return primary && BRAVE_LANGUAGES.has(primary) ? primary : undefined;
}

const spec: ProviderSpec<z.infer<typeof schema>> = {
  id: 'brave',
  defaultBase: () => 'https://api.search.brave.com',
  maxCount: 20,
  schema,
  call: ({ query, count, apiKey }) => ({
    method: 'GET',
    path: '/res/v1/web/search',
    params: { q: query.text, count, search_lang: braveSearchLang(query.language), result_filter: 'web' },
    headers: { 'X-Subscription-Token': apiKey },
  }),
  read: (data) =>
    (data.web?.results ?? []).map((item) => ({
      url: item.url,
      title: stripHtml(item.title ?? ''),
      snippet: stripHtml(item.description ?? ''),
      publishedAt: toPublishedAt(item.page_age) ?? toPublishedAt(item.age),
    })),
};

/** Brave Search; needs an API key (subscription token). */
export function createBraveProvider(context: ProviderContext): SearchProvider {
  return defineProvider(spec, context);
}
