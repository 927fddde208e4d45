/**
 * Which URLs may serve as evidence, and how URLs are compared. Search-result pages and bare home pages
 * say nothing about a claim; excluded domains are the user's choice.
 */
import { normaliseHost } from '../../text/hosts';

const SEARCH_PAGE_PATTERNS: RegExp[] = [
  /^(www\.)?google\.[a-z.]+\/(search|url)\b/,
  /^(www\.)?bing\.com\/(search|news\/search)\b/,
  /^(html\.|lite\.)?duckduckgo\.com\/(html\/?)?\?/,
  /^(search|news\.search)\.yahoo\.com\//,
  /^(www\.)?yandex\.[a-z]+\/search/,
  /^(www\.)?baidu\.com\/s\?/,
  /^[^/]+\/(search|suche|recherche|buscar)(\/|\?|$)/,
  /^[^/]+\/.*[?&](q|query|search|s)=/,
];

/** True when the URL can be evidence: http(s), not a search page, not a bare home page, not excluded. */
export function isUsableEvidenceUrl(url: string, excludedDomains: readonly string[] = []): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  const host = normaliseHost(parsed.hostname) ?? parsed.hostname;
  if (
    excludedDomains
      .map(normaliseHost)
      .some((domain) => domain !== undefined && (host === domain || host.endsWith(`.${domain}`)))
  )
    return false;
  const hostAndPath = `${host}${parsed.pathname}${parsed.search}`;
  if (SEARCH_PAGE_PATTERNS.some((pattern) => pattern.test(hostAndPath))) return false;
  const bareHome =
    (parsed.pathname === '/' || parsed.pathname === '' || /^\/(index\.(html?|php))?$/i.test(parsed.pathname)) &&
    parsed.search === '';
  return !bareHome;
}

const TRACKING_PARAMS = /^(utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_[a-z]+|ref|ref_src|igshid|si)$/i;

/** A key under which the same page gets the same value: no fragment, tracking parameters or "www.". */
export function canonicalUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    for (const key of [...parsed.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) parsed.searchParams.delete(key);
    parsed.hostname = normaliseHost(parsed.hostname) ?? parsed.hostname;
    const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
    return `${parsed.protocol}//${parsed.host}${path}${parsed.search}`;
  } catch {
    return url;
  }
}
