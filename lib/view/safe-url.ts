import { httpHref } from '../net/http-url';

/**
 * Evidence URLs come from search results and pages, so they are untrusted: only http(s) URLs may become
 * links. Anything else (javascript:, data:, file:, garbage) is shown as text.
 */

/** The normalised href of an http(s) URL, or undefined for anything else. */
export const safeHttpHref: (url: string | undefined) => string | undefined = httpHref;
