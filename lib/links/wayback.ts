/**
 * The `WebArchive` port over the Internet Archive's Wayback Machine availability API
 * (https://archive.org/help/wayback_api.php): `GET /wayback/available?url=…` answers
 * `{ url, archived_snapshots: { closest: { available, url, timestamp, status } } }`, or an empty
 * `archived_snapshots` when nothing was captured. The API is keyless and sends CORS headers.
 */
import { z } from 'zod';

import type { ArchiveSnapshot, WebArchive } from '../core/ports';
import { requestJson } from '../search/http';

export interface WaybackOptions {
  /** The API's origin; default `https://archive.org`. Tests point it at a loopback server. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Per-request limit; the availability API usually answers in well under a second, but not always. */
  timeoutMs?: number;
}

const DEFAULT_BASE = 'https://archive.org';
const DEFAULT_TIMEOUT_MS = 10_000;

const availabilitySchema = z.object({
  archived_snapshots: z
    .object({
      closest: z
        .object({
          available: z.boolean().optional(),
          url: z.string(),
          timestamp: z.string().optional(),
          // A string in the real API ("200"); a number is accepted too.
          status: z.union([z.string(), z.number()]).optional(),
        })
        .optional(),
    })
    // PHP-style APIs sometimes send `[]` for an empty map.
    .or(z.array(z.unknown()).transform(() => ({ closest: undefined })))
    .optional(),
});

/** `20130919044612` → `2013-09-19T04:46:12Z`; undefined for anything else. */
export function waybackTimestamp(timestamp: string | undefined): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(timestamp ?? '');
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}Z`;
}

/**
 * The capture as first served: `/web/<timestamp>id_/<url>` leaves out the archive's banner and rewritten
 * links, so the extractor reads only the page. The public Wayback host is asked over https.
 */
export function rawSnapshotUrl(url: string): string {
  const secure = url.replace(/^http:\/\/web\.archive\.org\//, 'https://web.archive.org/');
  return secure.replace(/\/web\/(\d{4,14})\//, '/web/$1id_/');
}

/** Creates the Internet Archive adapter. Errors are `ProviderError`s (provider `wayback`). */
export function createWaybackArchive(options: WaybackOptions = {}): WebArchive {
  const base = (options.baseUrl ?? DEFAULT_BASE).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    async closest(url: string, signal?: AbortSignal): Promise<ArchiveSnapshot | null> {
      const answer = await requestJson({
        provider: 'wayback',
        // i18n-exempt: a service's own name, the same in every language
        label: 'Internet Archive',
        keyed: false,
        url: `${base}/wayback/available?url=${encodeURIComponent(url)}`,
        method: 'GET',
        schema: availabilitySchema,
        fetch: fetchImpl,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
      });
      const closest = answer.archived_snapshots?.closest;
      if (!closest || closest.available === false) return null;
      // A capture of an error page or a redirect is no copy of the page.
      if (closest.status !== undefined && !/^2\d\d$/.test(String(closest.status))) return null;
      const capturedAt = waybackTimestamp(closest.timestamp);
      const snapshotUrl = closest.url.replace(/^http:\/\/web\.archive\.org\//, 'https://web.archive.org/');
      return { url: snapshotUrl, rawUrl: rawSnapshotUrl(snapshotUrl), ...(capturedAt ? { capturedAt } : {}) };
    },
  };
}
