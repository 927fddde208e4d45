import { buildTextFragment, withTextFragment } from '../core/text/build-text-fragment';
import type { Evidence } from '../core/types';
import { httpHref } from '../net/http-url';

/**
 * Where an evidence link leads: the page, opened at the passage by a text fragment. Passages read from
 * the page carry a fragment built against the whole page (unique there); older checks fall back to one
 * built from the passage alone. Snippets, fact-check summaries and knowledge-graph statements are not
 * the page's words, so they link to the page as it is. Non-http(s) URLs are returned unchanged (they are
 * never linked).
 */
export function evidenceUrl(item: Evidence): string {
  if (item.origin !== 'page' || !httpHref(item.source.url)) return item.source.url;
  const fragment = item.textFragment ?? buildTextFragment(item.passage, 0, item.passage.length);
  return fragment ? withTextFragment(item.source.url, fragment) : item.source.url;
}
