/**
 * DOIs as links: `doi:10.1000/xyz` in a text and `https://doi.org/10.1000/xyz` (or `dx.doi.org`) both name
 * the same work, so both become the canonical resolver URL, and a resolver URL gives its DOI back for
 * the registry look-up (https://www.doi.org/the-identifier/resources/handbook/2_numbering, §2.2).
 */

const RESOLVER_HOSTS = new Set(['doi.org', 'dx.doi.org', 'www.doi.org']);

/** A DOI: "10." + a registrant code of digits (dots allowed) + "/" + a suffix of any printable characters. */
export const DOI_PATTERN = /^10\.\d{4,9}(?:\.\d+)*\/\S+$/;

/**
 * The resolver URL of a DOI. Characters that would end or change a URL's path (`%`, `#`, `?`, `"`,
 * spaces, `<`, `>`) are percent-encoded, as the DOI handbook asks for DOIs in URLs.
 */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi.replace(/[%"#? <>]/g, (char) => encodeURIComponent(char))}`;
}

/** The DOI of a `doi.org` resolver URL, decoded; undefined for any other URL. */
export function doiFromUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!RESOLVER_HOSTS.has(parsed.hostname.toLowerCase())) return undefined;
  let path = parsed.pathname.slice(1);
  try {
    path = decodeURIComponent(path);
  } catch {
    // a stray "%" stays as written
  }
  return DOI_PATTERN.test(path) ? path : undefined;
}
