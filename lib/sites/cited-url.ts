/**
 * Cleaning the URLs a reply cites: resolve against the page, keep http(s) only, strip tracking
 * parameters, and turn a `#:~:text=` directive (ChatGPT Deep Research links carry one) into the quote it
 * points at. Pure: no DOM.
 */

/**
 * Query parameters that only say where a click came from. ChatGPT appends `utm_source=chatgpt.com` to every
 * pill (docs/chat-sites.md §4); the others are the usual ad and newsletter click ids.
 */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'msclkid',
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'igshid',
  'ref_src',
  'yclid',
]);

function isTrackingParam(name: string): boolean {
  return name.toLowerCase().startsWith('utm_') || TRACKING_PARAMS.has(name.toLowerCase());
}

/** A cleaned URL and the quote from its text directive, if any. */
export interface CleanUrl {
  url: string;
  quote?: string;
}

/**
 * Resolves `raw` against the page URL `base` and cleans it. Returns null for anything that is not an
 * http(s) URL once resolved (`javascript:`, `mailto:`, `data:`, unparsable): a citation the checker
 * cannot fetch is no source, and a `javascript:` one must never reach a UI as a link.
 */
export function cleanCitedUrl(raw: string, base: string): CleanUrl | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base || undefined);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // forEach, not the iterator: in a Firefox content script `URLSearchParams` iterators can't be spread.
  const names: string[] = [];
  url.searchParams.forEach((_value, name) => names.push(name));
  // Only re-serialize the query when something is removed: URLSearchParams rewrites encodings ("%20" → "+").
  if (names.some(isTrackingParam)) {
    for (const name of names) if (isTrackingParam(name)) url.searchParams.delete(name);
  }
  const { hash, quote } = splitTextDirective(url.hash);
  url.hash = hash;
  const href = url.href;
  return quote ? { url: href, quote } : { url: href };
}

/**
 * Splits a fragment into the ordinary part and the quote of its first `text=` directive
 * (https://wicg.github.io/scroll-to-text-fragment/: `#frag:~:text=[prefix-,]start[,end][,-suffix]`).
 */
export function splitTextDirective(fragment: string): { hash: string; quote?: string } {
  const at = fragment.indexOf(':~:');
  if (at < 0) return { hash: fragment };
  const hash = fragment.slice(0, at) === '#' ? '' : fragment.slice(0, at);
  const directives = fragment.slice(at + 3).split('&');
  const text = directives.find((directive) => directive.startsWith('text='));
  if (!text) return { hash };
  const quote = quoteFromTextDirective(text.slice('text='.length));
  return quote ? { hash, quote } : { hash };
}

/**
 * The quoted text of a directive value: `start`, or `start … end` for a range. Context terms (`prefix-`,
 * `-suffix`) only disambiguate the match, so they are left out. ChatGPT writes some malformed values such as
 * `,concepts` (empty start); the non-empty parts are kept.
 */
export function quoteFromTextDirective(value: string): string | undefined {
  const parts = value.split(',');
  if (parts.length > 1 && parts[0]?.endsWith('-')) parts.shift();
  if (parts.length > 1 && parts[parts.length - 1]?.startsWith('-')) parts.pop();
  const decoded = parts
    .map(safeDecode)
    .map((part) => part.trim())
    .filter(Boolean);
  return decoded.length > 0 ? decoded.join(' … ') : undefined;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
