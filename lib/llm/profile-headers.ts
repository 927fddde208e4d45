/**
 * A model profile's custom headers on the wire (issue 23 item 7): added by the client's fetch to requests
 * for the profile's own origin (the base URL's scheme, host and port) and to nothing else, so a gateway's
 * token never reaches another server. Those requests do not follow redirects: `fetch` keeps custom headers
 * across a redirect to another origin (it strips only Authorization,
 * https://fetch.spec.whatwg.org/#http-redirect-fetch step 13), so a redirect fails the request instead.
 * Headers that break the rules of lib/settings/custom-headers.ts are never sent, whoever set them.
 */
import { originOf } from '../core/text/hosts';
import { sendableHeaders } from '../settings/custom-headers';

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** `inner` with `headers` added to every request for `baseUrl`'s origin; `inner` itself when none can be sent. */
export function withProfileHeaders(
  baseUrl: string,
  headers: Record<string, string> | undefined,
  inner: typeof fetch,
): typeof fetch {
  const sendable = sendableHeaders(headers);
  const origin = originOf(baseUrl);
  if (!sendable || origin === undefined) return inner;
  return (input, init) => {
    if (originOf(urlOf(input)) !== origin) return inner(input, init);
    const merged = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    for (const [name, value] of Object.entries(sendable)) merged.set(name, value);
    return inner(input, { ...init, headers: merged, redirect: 'error' });
  };
}
