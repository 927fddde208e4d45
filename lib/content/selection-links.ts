import type { CitedLink } from '../messaging/protocol';
import { cleanCitedUrl } from '../sites/cited-url';

/** At most this many links per check: a selection of a link directory is not a text citing sources. */
const MAX_LINKS = 50;

/**
 * The http(s) links inside a selected range, as the text's own citations: each with its place in the
 * captured text (the link's words, found in order), so the audit can judge it against the sentence that
 * cites it. A link whose words cannot be found keeps no position and is judged against the whole text.
 * URLs are cleaned as a chatbot reply's citations are (http(s) only, tracking parameters dropped, a
 * `#:~:text=` fragment read as the quote), so the same source is one source whichever way it was cited.
 */
export function linksInRange(range: Range, text: string): CitedLink[] {
  const root = range.commonAncestorContainer;
  const scope = root.nodeType === Node.ELEMENT_NODE ? (root as Element) : root.parentElement;
  if (!scope) return [];
  const candidates = [
    ...(scope.closest('a[href]') ? [scope.closest('a[href]') as HTMLAnchorElement] : []),
    ...Array.from(scope.querySelectorAll<HTMLAnchorElement>('a[href]')),
  ];
  const links: CitedLink[] = [];
  let cursor = 0;
  for (const anchor of candidates) {
    if (links.length >= MAX_LINKS) break;
    if (!range.intersectsNode(anchor)) continue;
    const clean = cleanCitedUrl(anchor.href, anchor.ownerDocument.baseURI);
    if (!clean) continue;
    const words = (anchor.textContent ?? '').replace(/\s+/g, ' ').trim();
    const at = words ? text.indexOf(words, cursor) : -1;
    const title = words.slice(0, 200);
    const extra = { ...(title ? { title } : {}), ...(clean.quote ? { quote: clean.quote } : {}) };
    if (at >= 0) {
      links.push({ url: clean.url, start: at, end: at + words.length, ...extra });
      cursor = at + words.length;
    } else {
      links.push({ url: clean.url, start: -1, end: -1, ...extra });
    }
  }
  return links;
}
