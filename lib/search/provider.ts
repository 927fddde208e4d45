/**
 * The part every search adapter shares: configuration checks, URL building, the HTTP call, and the
 * clean-up of results (http(s) URLs only, no duplicates, at most `maxResults`). An adapter is a
 * `ProviderSpec`: how to ask, the zod schema of the answer, and how to read it.
 */
import type { z } from 'zod';

import { ProviderError } from '../core/errors';
import type { ClaimReview, SearchProvider, SearchProviderId, SearchQuery, SearchResult } from '../core/ports';
import { isHttpUrl } from '../net/http-url';
import { type ErrorDescriber, requestJson } from './http';
import { SEARCH_PROVIDER_LABELS, SEARCH_PROVIDER_NEEDS } from './meta';

/** Resolved configuration handed to an adapter by the registry. */
export interface ProviderContext {
  apiKey?: string;
  baseUrl?: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** One HTTP call, relative to the provider's base URL. */
export interface ProviderCall {
  method: 'GET' | 'POST';
  path: string;
  params?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A result before the shared clean-up; `url` may still be missing or not http(s). */
export interface ResultDraft {
  url: string | null | undefined;
  title: string;
  snippet: string;
  publishedAt?: string;
  claimReview?: ClaimReview;
}

/** How one provider is called and read. */
export interface ProviderSpec<T> {
  id: SearchProviderId;
  /** The API origin when no `baseUrl` is configured; absent for self-hosted providers. */
  defaultBase?: (query: SearchQuery) => string;
  /** The most results the API returns in one call. */
  maxCount: number;
  schema: z.ZodType<T>;
  call: (input: { query: SearchQuery; count: number; apiKey: string }) => ProviderCall;
  read: (data: T, query: SearchQuery) => ResultDraft[];
  describeError?: ErrorDescriber;
}

/** Joins a base URL (which may carry a path prefix, e.g. behind a proxy) with a path and query parameters. */
export function buildUrl(base: string, path: string, params: ProviderCall['params'] = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const query = search.toString();
  return `${base.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

export { isHttpUrl };

/**
 * A provider's date as `publishedAt`: ISO-like strings are kept as given; other absolute dates become
 * ISO timestamps when they carry a time ("Tue, 07 Jan 2025 18:12:05 GMT") and YYYY-MM-DD when they do
 * not ("Mar 3, 2024"); relative ones ("3 days ago") are dropped.
 */
export function toPublishedAt(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return Number.isNaN(Date.parse(text)) ? undefined : text;
  if (!/\b\d{4}\b/.test(text)) return undefined;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  if (/\d{1,2}:\d{2}/.test(text)) return date.toISOString();
  // A date without a time parses as local midnight, so the local calendar fields are the date written.
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The primary language subtag of a BCP 47 tag, lower-case ("pt-BR" → "pt"), or undefined. */
export function primaryLanguage(tag: string | undefined): string | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}

function finish(id: SearchProviderId, drafts: ResultDraft[], max: number): SearchResult[] {
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const draft of drafts) {
    if (results.length >= max) break;
    const url = draft.url?.trim();
    if (!isHttpUrl(url) || seen.has(url)) continue;
    seen.add(url);
    const result: SearchResult = { url, title: draft.title || url, snippet: draft.snippet, provider: id };
    if (draft.publishedAt) result.publishedAt = draft.publishedAt;
    if (draft.claimReview) result.claimReview = draft.claimReview;
    results.push(result);
  }
  return results;
}

/** Builds a `SearchProvider` from a spec and the resolved configuration. */
export function defineProvider<T>(spec: ProviderSpec<T>, context: ProviderContext): SearchProvider {
  const label = SEARCH_PROVIDER_LABELS[spec.id];
  const needs = SEARCH_PROVIDER_NEEDS[spec.id];
  return {
    id: spec.id,
    async search(query: SearchQuery): Promise<SearchResult[]> {
      const apiKey = context.apiKey ?? '';
      if (needs === 'key' && !apiKey)
        throw new ProviderError('auth', { code: 'search-needs-key', provider: label }, { provider: spec.id });
      const base = context.baseUrl ?? spec.defaultBase?.(query);
      if (!base) {
        throw new ProviderError('not-found', { code: 'search-needs-address', provider: label }, { provider: spec.id });
      }
      const count = Math.min(Math.floor(query.maxResults), spec.maxCount);
      if (!(count > 0)) return [];
      const call = spec.call({ query, count, apiKey });
      const data = await requestJson({
        provider: spec.id,
        label,
        keyed: needs === 'key',
        url: buildUrl(base, call.path, call.params),
        method: call.method,
        headers: call.headers,
        body: call.body,
        schema: spec.schema,
        fetch: context.fetch,
        timeoutMs: context.timeoutMs,
        signal: query.signal,
        describeError: spec.describeError,
      });
      return finish(spec.id, spec.read(data, query), count);
    },
  };
}
