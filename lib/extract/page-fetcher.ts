/**
 * The `PageFetcher` adapter: downloads evidence pages under the user's network policy. Every URL it
 * touches (the first and each redirect target) must be http(s) and, unless the user allows it, outside
 * private networks; the body is read as a stream up to `maxBytes`; only text pages are accepted; the text
 * is decoded with the page's own charset. Failures are `ProviderError`s that say what went wrong as a code
 * (lib/core/error-notices.ts, `page-…`), worded when shown; their messages are its English.
 *
 * Each page is requested once. Who checks the redirect hops depends on where this runs:
 * - `redirects: 'here'` (Node, the default): each hop is requested with `redirect: 'manual'`, and its target
 *   is checked (and, with `lookup`, resolved: a name with a private address is refused) before it is followed.
 * - `redirects: 'browser'` (the extension): a browser hides a redirect's target from `fetch` (an opaque
 *   response), so one request follows them and the browser's network guard (lib/background/network-guard.ts)
 *   refuses every private hop before it is sent; the final address is checked here too.
 */
import { kindForStatus, parseRetryAfter, ProviderError } from '../core/errors';
import type { FetchedPage, FetchOptions, PageFetcher } from '../core/ports';
import { hostOf } from '../core/text/hosts';
import { isIpLiteral, isPrivateIpAddress, isPrivateNetworkUrl } from '../net/private-address';
import { combineSignals } from '../search/http';
import { decodeHtml } from './charset';
import { readCapped } from './read-body';

/** Dependencies of {@link createPageFetcher}. */
export interface PageFetcherDeps {
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Read on every request, so a settings change applies to the next fetch. */
  allowPrivateNetwork: () => boolean;
  /** Who checks redirect hops (see the module comment). Default 'here'. */
  redirects?: 'here' | 'browser';
  /** Resolves a host name to its addresses (Node's DNS), so names that resolve privately are refused too. */
  lookup?: (hostname: string) => Promise<string[]>;
}

/** Redirects followed before giving up; browsers allow 20, but evidence pages never need more than a few. */
export const MAX_REDIRECTS = 5;

const TEXT_TYPES = new Set(['text/html', 'application/xhtml+xml', 'text/plain']);
const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8';

/** Where a request went, as messages name it (with its port); the URL itself when it does not parse. */
function addressOf(url: string): string {
  return hostOf(url, { form: 'address' }) ?? url;
}

/** Parses `url` and insists on http(s): `file:`, `data:`, `ftp:` and extension URLs are never fetched. */
function httpUrl(url: string, base?: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    throw new ProviderError(
      'bad-request',
      { code: 'page-invalid-url', url: url.slice(0, 200) },
      { url, reason: 'invalid-url' },
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ProviderError(
      'bad-request',
      { code: 'page-not-http', scheme: parsed.protocol },
      { url: parsed.href, reason: 'invalid-url' },
    );
  }
  return parsed;
}

function assertAllowed(url: string, allowPrivate: boolean, redirected: boolean): void {
  if (allowPrivate || !isPrivateNetworkUrl(url)) return;
  throw new ProviderError(
    'unreachable',
    { code: 'page-private', host: addressOf(url), redirected },
    { url, reason: 'private-address' },
  );
}

function statusError(status: number, url: string, retryAfter: string | null): ProviderError {
  const host = addressOf(url);
  // A page (not an API) answering 401/403 is a paywall or a bot wall, not a rejected key.
  const kind =
    status === 404 || status === 410
      ? 'not-found'
      : status === 401 || status === 403
        ? 'bad-request'
        : kindForStatus(status);
  const retryAfterMs = parseRetryAfter(retryAfter, Date.now());
  const reason =
    kind === 'not-found' ? 'gone' : kind === 'server' ? 'server' : kind === 'rate-limit' ? 'rate-limited' : 'refused';
  return new ProviderError(
    kind,
    { code: 'page-http', host, status, reason },
    { status, url, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) },
  );
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Binary content often arrives labelled text/html; a NUL byte in the first KB gives it away. */
function assertTextHead(head: Uint8Array, url: string): void {
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.includes(0)) {
    throw new ProviderError('bad-request', { code: 'page-not-text' }, { url, reason: 'not-text' });
  }
}

/** Releases a response body we will not read, so the connection is not left half-open. */
async function discard(response: Response): Promise<void> {
  // A body that cannot be cancelled is already closed or errored: nothing is left to release or lost.
  await response.body?.cancel().catch(() => undefined);
}

/** Creates the fetcher; see the module comment for the policy it applies. */
export function createPageFetcher(deps: PageFetcherDeps): PageFetcher {
  const fetchImpl = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  /** With a resolver: refuses a name whose addresses include a private one. A failed lookup is fetch's to report. */
  async function assertResolvesPublicly(url: string, redirected = false): Promise<void> {
    const host = new URL(url).hostname;
    if (!deps.lookup || isIpLiteral(host)) return;
    const addresses = await deps.lookup(host).catch(() => [] as string[]);
    const internal = addresses.find(isPrivateIpAddress);
    if (internal === undefined) return;
    throw new ProviderError(
      'unreachable',
      { code: 'page-private', host: addressOf(url), redirected, resolvesTo: internal },
      { url, reason: 'private-address' },
    );
  }

  return {
    async fetch(requestedUrl: string, options: FetchOptions): Promise<FetchedPage> {
      const first = httpUrl(requestedUrl).href;
      const allowPrivate = deps.allowPrivateNetwork();
      assertAllowed(first, allowPrivate, false);
      if (options.signal?.aborted)
        // i18n-exempt: a cancellation: the run stops and says so itself; this message is never shown
        throw new ProviderError('cancelled', 'Fetching the page was cancelled.', { url: first });

      const timeout = AbortSignal.timeout(options.timeoutMs);
      const { signal, dispose } = options.signal
        ? combineSignals([options.signal, timeout])
        : { signal: timeout, dispose: () => {} };
      const request = (url: string, redirect: RequestRedirect): Promise<Response> =>
        fetchImpl(url, { redirect, signal, credentials: 'omit', headers: { Accept: ACCEPT } });

      let url = first;
      const redirects: string[] = [];
      try {
        let response: Response;
        if (deps.redirects === 'browser') {
          response = await request(url, 'follow');
          url = response.url || url;
          if (url !== first) redirects.push(url);
          // The guard refused every private hop; this catches a guard that is not in place.
          if (!allowPrivate && isPrivateNetworkUrl(url)) {
            await discard(response);
            assertAllowed(url, allowPrivate, true);
          }
        } else {
          const visited = new Set<string>([url]);
          if (!allowPrivate) await assertResolvesPublicly(url);
          response = await request(url, 'manual');
          for (let hops = 0; ; hops++) {
            // A browser's opaque redirect hides where it goes: never follow it blindly (use 'browser' there).
            if (response.type === 'opaqueredirect') {
              throw new ProviderError('unreachable', { code: 'page-redirect-hidden', host: addressOf(first) }, { url });
            }
            const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
            if (location === null) break;
            await discard(response);
            const next = httpUrl(location, url).href;
            if (visited.has(next)) {
              throw new ProviderError(
                'unreachable',
                { code: 'page-redirect-loop', host: addressOf(first) },
                { url: next, reason: 'redirect-loop' },
              );
            }
            if (hops + 1 > MAX_REDIRECTS) {
              throw new ProviderError(
                'unreachable',
                { code: 'page-too-many-redirects', host: addressOf(first), max: MAX_REDIRECTS },
                { url: next, reason: 'too-many-redirects' },
              );
            }
            assertAllowed(next, allowPrivate, true);
            if (!allowPrivate) await assertResolvesPublicly(next, true);
            visited.add(next);
            redirects.push(next);
            url = next;
            response = await request(url, 'manual');
          }
        }

        if (!response.ok) {
          await discard(response);
          throw statusError(response.status, url, response.headers.get('retry-after'));
        }
        const contentType = response.headers.get('content-type') ?? '';
        const type = mediaType(contentType);
        // No Content-Type at all: let the NUL sniff decide, as browsers sniff such responses too.
        if (type && !TEXT_TYPES.has(type)) {
          await discard(response);
          throw new ProviderError(
            'bad-request',
            { code: 'page-not-text', type },
            {
              url,
              status: response.status,
              reason: 'not-text',
              contentType: type,
            },
          );
        }
        const { bytes, truncated } = await readCapped(response.body, options.maxBytes, (head) =>
          assertTextHead(head, url),
        );
        let body = decodeHtml(bytes, contentType);
        // A cut can split a multi-byte character; drop the replacement character it leaves.
        if (truncated) body = body.replace(/\uFFFD+$/, '');
        return { requestedUrl, finalUrl: url, status: response.status, contentType, body, truncated, redirects };
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        if (timeout.aborted) {
          const seconds = Math.round(options.timeoutMs / 100) / 10;
          throw new ProviderError('timeout', { code: 'page-timed-out', host: addressOf(url), seconds }, { url });
        }
        // i18n-exempt: a cancellation: the run stops and says so itself; this message is never shown
        if (options.signal?.aborted) throw new ProviderError('cancelled', 'Fetching the page was cancelled.', { url });
        const cause = (error as { cause?: { code?: unknown } }).cause?.code;
        // A browser says only "Failed to fetch", also when its guard refused a private hop: say both.
        const guarded = deps.redirects === 'browser' && !allowPrivate;
        // Node names a failed lookup; a browser's fetch says only "Failed to fetch", so there it stays unknown.
        const dns = cause === 'ENOTFOUND' || cause === 'EAI_AGAIN' || cause === 'EAI_NONAME';
        const reason = dns ? ('dns' as const) : guarded ? ('unreachable-or-private' as const) : undefined;
        const said = typeof cause === 'string' ? { cause } : guarded ? { guarded } : {};
        throw new ProviderError(
          'unreachable',
          { code: 'page-unreachable', host: addressOf(url), ...said },
          { url, ...(reason ? { reason } : {}) },
        );
      } finally {
        dispose();
      }
    },
  };
}
