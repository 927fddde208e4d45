/**
 * Plain text from the small HTML fragments search APIs put in snippets (MediaWiki's
 * `<span class="searchmatch">`, Brave's `<strong>`), without a DOM: the search adapters run in the
 * service worker and in Node, where there is none.
 */
import { BLOCK_TAGS } from '../text/dom-walk';

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  middot: '\u00b7',
  bull: '\u2022',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  plusmn: '\u00b1',
  times: '\u00d7',
  divide: '\u00f7',
  minus: '\u2212',
  euro: '\u20ac',
  pound: '\u00a3',
  yen: '\u00a5',
  cent: '\u00a2',
  sect: '\u00a7',
  para: '\u00b6',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
};

/** Whether a tag's boundary separates words (a block, lib/text/dom-walk.ts, or a line break); others leave no space. */
function separatesWords(name: string): boolean {
  const tag = name.toUpperCase();
  return tag === 'BR' || BLOCK_TAGS.has(tag);
}

function decodeCodePoint(code: number): string {
  const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
  return valid ? String.fromCodePoint(code) : '\ufffd';
}

/** Decodes named (the common ones) and numeric character references; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/g,
    (whole, dec, hex, name) => {
      if (typeof dec === 'string') return decodeCodePoint(Number.parseInt(dec, 10));
      if (typeof hex === 'string') return decodeCodePoint(Number.parseInt(hex, 16));
      return NAMED_ENTITIES[String(name).toLowerCase()] ?? whole;
    },
  );
}

/** Collapses runs of whitespace (including no-break spaces) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Removes tags, comments, and script/style bodies, decodes entities, and collapses whitespace.
 * Entities are decoded after tags are removed, so an escaped `&lt;b&gt;` survives as the text "<b>".
 */
export function stripHtml(html: string): string {
  const withoutTags = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g, (_tag, name: string) => (separatesWords(name) ? ' ' : ''));
  return collapseWhitespace(decodeEntities(withoutTags));
}
