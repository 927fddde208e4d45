/**
 * Markdown for untrusted text (checked text, page titles, passages, model explanations): whatever a page
 * says must stay text in the report, never become a link, an image or HTML when the report is rendered.
 */
import { httpHref } from '../net/http-url';

/**
 * Escapes one line of untrusted inline text. Whitespace is collapsed so the text cannot start a block
 * (heading, list, quote) on a line of its own (no-break spaces stay: French puts one before its colon);
 * every character with inline meaning is backslash-escaped;
 * and bare URLs are broken up ("http\://", "www\.", "\@") because GFM would auto-link them otherwise.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[^\S\u00a0\u202f]+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]()<>#!|~&{}$^=]/g, (char) => `\\${char}`)
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/@/g, '\\@');
}

/** A fenced code block holding `text` verbatim: the fence is longer than any backtick run inside it. */
export function codeBlock(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${text}\n${fence}`;
}

/**
 * A link only for http(s) URLs; anything else is shown as escaped text. The destination uses the `<…>`
 * form, and `URL.href` has already percent-encoded the spaces and angle brackets that could end it.
 */
export function markdownLink(label: string, url: string): string {
  const href = httpHref(url);
  const text = escapeMarkdown(label);
  if (href) return `[${text || escapeMarkdown(href)}](<${href}>)`;
  return text ? `${text} (${escapeMarkdown(url)})` : escapeMarkdown(url);
}
