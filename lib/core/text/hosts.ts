/**
 * Hosts of URLs, written one way everywhere. A *site* host names and groups pages by site: the host an
 * evidence source shows, the key of the source-type rules, excluded domains and domain ratings, and the
 * cache key of a page. An *address* host says where a request went, in messages: as the URL has it, with
 * its port and any "www.". Both are lower case with IDN labels in punycode, since the URL parser applies
 * IDNA (UTS #46) to every host it reads.
 */

/** Drops a leading "www." when what remains is still a domain ("www.bbc.co.uk" → "bbc.co.uk", "www.com" stays). */
function withoutWww(host: string): string {
  return /^www\.[^.]+\./.test(host) ? host.slice(4) : host;
}

/**
 * A host written the site way: lower case, punycode for IDN, no trailing dot, no "www.", no port.
 * Accepts what people and lists write ("Example.COM.", " bücher.de", "www.bbc.co.uk"); undefined when it
 * is not a host at all.
 */
export function normaliseHost(host: string): string | undefined {
  const trimmed = host.trim().replace(/\.+$/, '');
  if (!trimmed) return undefined;
  try {
    return withoutWww(new URL(`http://${trimmed}/`).hostname) || undefined;
  } catch {
    return undefined;
  }
}

export interface HostOptions {
  /** 'site' (the default) for naming and grouping by site; 'address' for saying where a request went. */
  form?: 'site' | 'address';
  /** Resolves a relative URL (a link's href) against this one first. */
  base?: string;
}

/**
 * The host of `url` in the form asked for (see the file overview); undefined when the URL does not parse or
 * has no host (`mailto:`, `about:blank`). What to say instead is the caller's choice.
 */
export function hostOf(url: string, options: HostOptions = {}): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, options.base);
  } catch {
    return undefined;
  }
  if (!parsed.hostname) return undefined;
  if (options.form === 'address') return parsed.host;
  return withoutWww(parsed.hostname.replace(/\.+$/, '')) || undefined;
}

/**
 * The origin (scheme, host, port) of an http(s) URL; undefined for anything else. Other schemes are refused
 * rather than compared: their origin is the opaque "null", which would make `file:` and `data:` URLs look alike.
 * Keys, custom headers and network allowances are scoped to such an origin.
 */
export function originOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
}
