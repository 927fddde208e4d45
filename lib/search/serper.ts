/**
 * Google results through Serper.
 *
 * Request and response shape: https://serper.dev (API playground) — `POST https://google.serper.dev/search`
 * with header `X-API-KEY` and JSON body `{ q, num, hl? }`; the answer carries `searchParameters` and
 * `organic: [{ title, link, snippet, date?, position }]`.
 */
import { z } from 'zod';

import type { SearchProvider } from '../core/ports';
import { defineProvider, primaryLanguage, type ProviderContext, type ProviderSpec, toPublishedAt } from './provider';
import { collapseWhitespace } from './strip-html';

const schema = z.object({
  searchParameters: z.object({}).loose(),
  organic: z
    .array(
      z.object({
        title: z.string().nullish(),
        link: z.string().nullish(),
        snippet: z.string().nullish(),
        date: z.string().nullish(),
      }),
    )
    .optional(),
});

const spec: ProviderSpec<z.infer<typeof schema>> = {
  id: 'serper',
  defaultBase: () => 'https://google.serper.dev',
  maxCount: 100,
  schema,
  call: ({ query, count, apiKey }) => {
    const hl = primaryLanguage(query.language);
    return {
      method: 'POST',
      path: '/search',
      headers: { 'X-API-KEY': apiKey },
      body: { q: query.text, num: count, ...(hl ? { hl } : {}) },
    };
  },
  read: (data) =>
    (data.organic ?? []).map((item) => ({
      url: item.link,
      title: collapseWhitespace(item.title ?? ''),
      snippet: collapseWhitespace(item.snippet ?? ''),
      publishedAt: toPublishedAt(item.date),
    })),
};

/** Serper (Google web results); needs an API key. */
export function createSerperProvider(context: ProviderContext): SearchProvider {
  return defineProvider(spec, context);
}
