/**
 * The `DoiRegistry` port over Crossref's REST API (https://api.crossref.org/swagger-ui/index.html):
 * `GET /works/{doi}` answers 200 with `{ status: "ok", message: { DOI, title: [...], URL, resource:
 * { primary: { URL } } } }` for a registered DOI and 404 ("Resource not found.") for one Crossref does not
 * know. Crossref registers most scholarly DOIs, though not all (DataCite's datasets, for one), so "not
 * registered" means "not registered with Crossref"; the link audit words it as a possible invention.
 */
import { z } from 'zod';

import { ProviderError } from '../core/errors';
import type { DoiRecord, DoiRegistry } from '../core/ports';
import { httpHref } from '../net/http-url';
import { requestJson } from '../search/http';

export interface CrossrefOptions {
  /** The API's origin; default `https://api.crossref.org`. Tests point it at a loopback server. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_BASE = 'https://api.crossref.org';
const DEFAULT_TIMEOUT_MS = 10_000;

const workSchema = z.object({
  message: z.object({
    DOI: z.string().optional(),
    title: z.array(z.string()).optional(),
    URL: z.string().optional(),
    resource: z
      .object({ primary: z.object({ URL: z.string() }).partial().optional() })
      .partial()
      .optional(),
  }),
});

/** Crossref titles may carry JATS/HTML markup (`<i>E. coli</i>`, `<sub>2</sub>`); keep the words. */
function plainTitle(title: string | undefined): string | undefined {
  const text = title
    ?.replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text : undefined;
}

/** Creates the Crossref adapter. Errors other than "not found" are `ProviderError`s (provider `crossref`). */
export function createCrossrefRegistry(options: CrossrefOptions = {}): DoiRegistry {
  const base = (options.baseUrl ?? DEFAULT_BASE).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    async lookup(doi: string, signal?: AbortSignal): Promise<DoiRecord> {
      // Each part encoded, the slashes kept: Crossref reads `/works/10.1000/a%3Bb` as the DOI "10.1000/a;b".
      const path = doi.split('/').map(encodeURIComponent).join('/');
      let answer: z.infer<typeof workSchema>;
      try {
        answer = await requestJson({
          provider: 'crossref',
          label: 'Crossref',
          keyed: false,
          url: `${base}/works/${path}`,
          method: 'GET',
          schema: workSchema,
          fetch: fetchImpl,
          timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not-found') return { doi, registered: false };
        throw error;
      }
      const { message } = answer;
      const title = plainTitle(message.title?.[0]);
      // The publisher's landing page when Crossref has it; `URL` is the DOI's own resolver address.
      const url = httpHref(message.resource?.primary?.URL) ?? httpHref(message.URL);
      return { doi: message.DOI ?? doi, registered: true, ...(title ? { title } : {}), ...(url ? { url } : {}) };
    },
  };
}
