/**
 * A self-hosted SearXNG instance through its JSON search API.
 *
 * Request and response shape: https://docs.searxng.org/dev/search_api.html — `GET /search?q=…&format=json`
 * (`language` optional); a format not listed under `search.formats` in settings.yml is answered with
 * 403 Forbidden. Results are `{ results: [{ url, title, content, engine, publishedDate? }] }`.
 */
import { z } from 'zod';

import type { SearchProvider } from '../core/ports';
import { defineProvider, type ProviderContext, type ProviderSpec, toPublishedAt } from './provider';
import { stripHtml } from './strip-html';

const schema = z.object({
  results: z.array(
    z.object({
      url: z.string().nullish(),
      title: z.string().nullish(),
      content: z.string().nullish(),
      publishedDate: z.string().nullish(),
      engine: z.string().nullish(),
    }),
  ),
});

const spec: ProviderSpec<z.infer<typeof schema>> = {
  id: 'searxng',
  // SearXNG serves about 20 results a page and has no count parameter; the registry slices.
  maxCount: 100,
  schema,
  call: ({ query }) => ({
    method: 'GET',
    path: '/search',
    params: { q: query.text, format: 'json', language: query.language?.trim() || undefined },
  }),
  read: (data) =>
    data.results.map((result) => ({
      url: result.url,
      title: stripHtml(result.title ?? ''),
      snippet: stripHtml(result.content ?? ''),
      publishedAt: toPublishedAt(result.publishedDate),
    })),
  describeError: ({ status }) => (status === 403 ? { reason: 'json-disabled' } : undefined),
};

/** Strips a trailing "/search" users often paste with the instance address. */
function instanceBase(baseUrl: string | undefined): string | undefined {
  return baseUrl?.replace(/\/+$/, '').replace(/\/search$/, '') || undefined;
}

/** SearXNG search; `baseUrl` (the instance's address) is required. */
export function createSearxngProvider(context: ProviderContext): SearchProvider {
  return defineProvider(spec, { ...context, baseUrl: instanceBase(context.baseUrl) });
}
