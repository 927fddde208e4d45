/**
 * Exa search with page contents, so each result has a snippet.
 *
 * Request and response shape: https://exa.ai/docs/reference/search — `POST /search` with header
 * `x-api-key` and JSON body `{ query, type, numResults, contents: { text: { maxCharacters }, highlights } }`;
 * the answer is `{ requestId, results: [{ id, url, title, publishedDate?, author?, text?, highlights? }] }`
 * (`title`, `publishedDate` and `author` may be null).
 */
import { z } from 'zod';

import type { SearchProvider } from '../core/ports';
import { defineProvider, type ProviderContext, type ProviderSpec, toPublishedAt } from './provider';
import { collapseWhitespace } from './strip-html';

/** Longest snippet taken from page text when Exa sent no highlights. */
const TEXT_SNIPPET_CHARS = 500;

const schema = z.object({
  results: z.array(
    z.object({
      url: z.string().nullish(),
      title: z.string().nullish(),
      publishedDate: z.string().nullish(),
      text: z.string().nullish(),
      highlights: z.array(z.string()).nullish(),
    }),
  ),
});

function snippetOf(highlights: string[] | null | undefined, text: string | null | undefined): string {
  const joined = collapseWhitespace((highlights ?? []).map(collapseWhitespace).filter(Boolean).join(' … '));
  if (joined) return joined;
  const plain = collapseWhitespace(text ?? '');
  return plain.length > TEXT_SNIPPET_CHARS ? `${plain.slice(0, TEXT_SNIPPET_CHARS - 1)}…` : plain;
}

const spec: ProviderSpec<z.infer<typeof schema>> = {
  id: 'exa',
  defaultBase: () => 'https://api.exa.ai',
  maxCount: 100,
  schema,
  call: ({ query, count, apiKey }) => ({
    method: 'POST',
    path: '/search',
    headers: { 'x-api-key': apiKey },
    body: {
      query: query.text,
      type: 'auto',
      numResults: count,
      contents: { text: { maxCharacters: 2000 }, highlights: true },
    },
  }),
  read: (data) =>
    data.results.map((item) => ({
      url: item.url,
      title: collapseWhitespace(item.title ?? ''),
      snippet: snippetOf(item.highlights, item.text),
      publishedAt: toPublishedAt(item.publishedDate),
    })),
};

/** Exa search; needs an API key. */
export function createExaProvider(context: ProviderContext): SearchProvider {
  return defineProvider(spec, context);
}
