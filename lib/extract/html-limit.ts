/**
 * The most HTML handed to a parser. Real articles are far below this (the largest page of the public
 * extraction benchmark is ~1.5 MB); beyond it a page is an app shell, a data dump or an attack, and
 * parsing it would stall the service worker and use hundreds of MB of memory.
 */
export const MAX_HTML_CHARS = 3_000_000;

/**
 * Cuts `html` to at most `max` characters, at the last tag start before the limit so the parser does not
 * see half a tag. The parser closes whatever elements are left open.
 */
export function capHtml(html: string, max = MAX_HTML_CHARS): string {
  if (html.length <= max) return html;
  const cut = html.lastIndexOf('<', max);
  return html.slice(0, cut > 0 ? cut : max);
}

/** Options every extractor accepts about its input. */
export interface ParseLimits {
  /** Characters of HTML handed to the parser; default {@link MAX_HTML_CHARS}. */
  maxHtmlChars?: number;
}
