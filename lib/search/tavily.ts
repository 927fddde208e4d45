/**
 * Tavily web search.
 *
 * Request and response shape: https://docs.tavily.com/api-reference/endpoint/search — `POST /search`
 * with `Authorization: Bearer <key>` and JSON body `{ query, max_results (0–20), search_depth, … }`;
 * the answer is `{ query, results: [{ title, url, content, score, raw_content, published_date? }] }`
 * (`published_date` only for `topic: "news"`).
 */
import { z } from 'zod';

import type { SearchProvider } from '../core/ports';
import { defineProvider, type ProviderContext, type ProviderSpec, toPublishedAt } from './provider';
import { collapseWhitespace } from './strip-html';

const schema = z.object({
  results: z.array(
    z.object({
      title: z.string().nullish(),
      url: z.string().nullish(),
      content: z.string().nullish(),
      published_date: z.string().nullish(),
    }),
  ),
});

const spec: ProviderSpec<z.infer<typeof schema>> = {
  id: 'tavily',
  defaultBase: () => 'https://api.tavily.com',
  maxCount: 20,
  schema,
  call: ({ query, count, apiKey }) => ({
    method: 'POST',
    path: '/search',
    headers: { Authorization: `Bearer ${apiKey}` },
    body: {
      query: query.text,
      max_results: count,
      search_depth: 'basic',
      topic: 'general',
      include_answer: false,
      include_raw_content: false,
      include_images: false,
    },
  }),
  read: (data) =>
    data.results.map((item) => ({
      url: item.url,
      title: collapseWhitespace(item.title ?? ''),
      snippet: collapseWhitespace(item.content ?? ''),
      publishedAt: toPublishedAt(item.published_date),
    })),
};

/** Tavily search; needs an API key. */
export function createTavilyProvider(context: ProviderContext): SearchProvider {
  return defineProvider(spec, context);
}
