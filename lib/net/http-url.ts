/**
 * Only http(s) URLs are ever fetched or made into links: anything else (javascript:, data:, file:,
 * extension URLs, garbage) is refused or shown as text. One definition for the whole extension.
 */

/** The normalised href of an absolute http(s) URL, or undefined for anything else. */
export function httpHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `url` is an absolute http(s) URL. */
export function isHttpUrl(url: string | null | undefined): url is string {
  return httpHref(url) !== undefined;
}
