/**
 * The links a checked text relies on: http(s) URLs written in it (bare, `<url>`, markdown `[label](url)`),
 * DOIs (`doi:10.…` and resolver URLs, all as `https://doi.org/…`), and the links a chatbot reply cites
 * (pills, footnotes, a sources list), each tied to the sentence that cites it.
 */
import type { Sentence, TextSpan } from '../../types';
import { doiFromUrl, doiUrl } from './doi';
import type { CitedLink } from './types';

/** A link a chatbot reply cites, as the site adapters report it; positions are offsets into the checked text. */
export interface ReplyCitationInput {
  url: string;
  label?: string;
  /** Where the citation sits; a pill has `start === end`, right after the text it supports. */
  start?: number;
  end?: number;
  /** The quote of a `#:~:text=` directive that was split off the URL. */
  quote?: string;
}

interface Found {
  url: string;
  span: TextSpan;
  label?: string;
  quote?: string;
  origin: CitedLink['origin'];
}

/** Characters that end a bare URL: whitespace, quotes, angle brackets, and CJK/full-width punctuation. */
const URL_BODY = String.raw`[^\s<>"'\x60\u3000-\u303f\uff08\uff09\uff0c\uff1a\uff1b\uff01\uff1f\uff3b\uff3d]`;
const BARE_URL = new RegExp(String.raw`\bhttps?:\/\/${URL_BODY}+`, 'giu');
const BARE_DOI = new RegExp(String.raw`\bdoi:\s?(10\.\d{4,9}(?:\.\d+)*\/${URL_BODY}+)`, 'giu');
const AUTOLINK = /<(https?:\/\/[^\s<>]+)>/giu;
const MARKDOWN_START = /!?\[([^\]\n]{0,500})\]\(/gu;
/** Punctuation after a URL that ends the sentence or an emphasis rather than belonging to the URL. */
const TRAILING = /[.,;:!?'"”’»…*~]$/u;
/** Words that only introduce a link ("Source: …", "See also …"): a sentence of nothing else cites nothing. */
const CUE_WORDS = new Set(
  'source sources see also via ref refs reference references link links more read here at from and according to learn details further reading citation citations cited quelle quellen siehe fuente fuentes ver voir fonte fonti cf'.split(
    ' ',
  ),
);

function count(value: string, char: string): number {
  let n = 0;
  for (const c of value) if (c === char) n += 1;
  return n;
}

/**
 * Drops trailing punctuation, and closing brackets the URL did not open (Wikipedia's `/Mercury_(planet)` keeps its
 * own).
 */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    if (TRAILING.test(url)) url = url.slice(0, -1);
    else if (url.endsWith(')') && count(url, ')') > count(url, '(')) url = url.slice(0, -1);
    else if (url.endsWith(']') && count(url, ']') > count(url, '[')) url = url.slice(0, -1);
    else return url;
  }
}

/** The normalised http(s) URL, DOI resolver URLs in canonical form; undefined for anything else. */
export function normaliseLinkUrl(raw: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return undefined;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) return undefined;
  const doi = doiFromUrl(parsed.href);
  return doi ? doiUrl(doi) : parsed.href;
}

/** The destination of a markdown link whose `(` is at `open`: `<url>` or a URL with balanced parentheses. */
function markdownDestination(text: string, open: number): { url: string; end: number } | undefined {
  let i = open + 1;
  while (text[i] === ' ') i += 1;
  let url: string;
  if (text[i] === '<') {
    const close = text.indexOf('>', i);
    if (close < 0) return undefined;
    url = text.slice(i + 1, close);
    i = close + 1;
  } else {
    const from = i;
    let depth = 0;
    for (; i < text.length && !/\s/u.test(text[i] ?? ''); i += 1) {
      if (text[i] === '(') depth += 1;
      else if (text[i] === ')' && depth-- === 0) break;
    }
    url = text.slice(from, i);
  }
  // An optional title: [label](url "title")
  const rest = /^\s*(?:"[^"\n]*"|'[^'\n]*')?\s*\)/u.exec(text.slice(i, i + 600));
  return rest ? { url, end: i + rest[0].length } : undefined;
}

/** Every link written in the text, in no particular order, without overlaps. */
function linksInText(text: string): Found[] {
  const found: Found[] = [];
  const taken: TextSpan[] = [];
  const free = (start: number, end: number) => !taken.some((span) => start < span.end && span.start < end);
  const add = (raw: string, span: TextSpan, label?: string) => {
    const url = normaliseLinkUrl(raw);
    taken.push(span);
    if (url) found.push({ url, span, origin: 'text', ...(label?.trim() ? { label: label.trim() } : {}) });
  };

  for (const m of text.matchAll(MARKDOWN_START)) {
    const destination = markdownDestination(text, m.index + m[0].length - 1);
    if (destination && /^https?:\/\//iu.test(destination.url))
      add(destination.url, { start: m.index, end: destination.end }, m[1]);
  }
  for (const m of text.matchAll(AUTOLINK)) {
    const url = m[1] ?? '';
    if (free(m.index, m.index + m[0].length)) add(url, { start: m.index + 1, end: m.index + 1 + url.length });
  }
  for (const m of text.matchAll(BARE_URL)) {
    const url = trimUrl(m[0]);
    if (free(m.index, m.index + url.length)) add(url, { start: m.index, end: m.index + url.length });
  }
  for (const m of text.matchAll(BARE_DOI)) {
    const doi = trimUrl(m[1] ?? '');
    const end = m.index + m[0].length - ((m[1] ?? '').length - doi.length);
    if (doi.includes('/') && free(m.index, end)) add(doiUrl(doi), { start: m.index, end });
  }
  return found;
}

/** The sentence holding `offset`; between sentences, the one before (a citation follows what it supports). */
function sentenceAt(sentences: readonly Sentence[], offset: number, inclusiveEnd: boolean): Sentence | undefined {
  let before: Sentence | undefined;
  for (const sentence of sentences) {
    if (sentence.start <= offset && (offset < sentence.end || (inclusiveEnd && offset === sentence.end)))
      return sentence;
    if (sentence.end <= offset) before = sentence;
  }
  return before;
}

/** True when the sentence says nothing once its links and cue words are removed ("Source: https://…"). */
function isLinkOnly(sentence: Sentence, spans: readonly TextSpan[]): boolean {
  let rest = sentence.text;
  const inside = spans
    .filter((span) => span.start < sentence.end && sentence.start < span.end)
    .sort((a, b) => b.start - a.start);
  for (const span of inside) {
    const from = Math.max(0, span.start - sentence.start);
    const to = Math.min(sentence.text.length, span.end - sentence.start);
    rest = `${rest.slice(0, from)} ${rest.slice(to)}`;
  }
  const words = rest.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
  return words.every((word) => CUE_WORDS.has(word.toLowerCase()));
}

/**
 * The sentence a link at `span` cites for. A sentence that is only the link ("Source: https://…") gives
 * the sentence before it on the same line ("It opened in 1889. Source: https://…"); on a line of its own
 * (a sources list, a footnote) it cites no single sentence and gets null.
 */
function citingSentence(
  text: string,
  sentences: readonly Sentence[],
  spans: readonly TextSpan[],
  span: TextSpan,
  pill: boolean,
): number | null {
  const sentence = sentenceAt(sentences, span.start, pill);
  if (!sentence) return null;
  if (!isLinkOnly(sentence, spans)) return sentence.index;
  const previous = sentences[sentence.index - 1];
  if (previous && !/[\n\r\u2028\u2029]/u.test(text.slice(previous.end, sentence.start)) && !isLinkOnly(previous, spans))
    return previous.index;
  return null;
}

/**
 * Finds the links of a checked text. Links written in the text come with their span; a reply citation
 * with a position gets the sentence at that position, one without gets `sentenceIndex: null`. The same
 * URL is kept once per sentence, and a position-less citation of a URL that a sentence already cites is
 * dropped. Only http(s) links are kept. Ids are `l0`, `l1`, … in text order, position-less ones last.
 *
 * @param sentences the check's sentences (offsets into `text`).
 */
export function findLinks(
  text: string,
  sentences: readonly Sentence[],
  replyCitations: readonly ReplyCitationInput[] = [],
): CitedLink[] {
  const found = linksInText(text);
  const loose: Found[] = [];
  for (const citation of replyCitations) {
    const url = normaliseLinkUrl(citation.url.trim());
    if (!url) continue;
    const extra = {
      ...(citation.label?.trim() ? { label: citation.label.trim() } : {}),
      ...(citation.quote?.trim() ? { quote: citation.quote.trim() } : {}),
    };
    const start = citation.start;
    if (start === undefined || !Number.isInteger(start) || start < 0 || start > text.length) {
      loose.push({ url, span: { start: -1, end: -1 }, origin: 'reply-citation', ...extra });
      continue;
    }
    const end = Math.min(text.length, Math.max(start, citation.end ?? start));
    found.push({ url, span: { start, end }, origin: 'reply-citation', ...extra });
  }
  found.sort((a, b) => a.span.start - b.span.start);

  const spans = found.map((item) => item.span);
  const placed = found.map((item) => ({
    item,
    sentenceIndex: citingSentence(text, sentences, spans, item.span, item.span.start === item.span.end),
  }));
  const cited = new Set(placed.filter((entry) => entry.sentenceIndex !== null).map((entry) => entry.item.url));
  const seen = new Map<string, CitedLink>();
  const links: CitedLink[] = [];
  const all = [...placed, ...loose.map((item) => ({ item, sentenceIndex: null }))];
  for (const { item, sentenceIndex } of all) {
    if (sentenceIndex === null && cited.has(item.url)) continue;
    const key = `${sentenceIndex ?? '-'} ${item.url}`;
    const earlier = seen.get(key);
    if (earlier) {
      // A pill repeating a written link adds its label or quote to it rather than a second link.
      if (!earlier.label && item.label) earlier.label = item.label;
      if (!earlier.quote && item.quote) earlier.quote = item.quote;
      continue;
    }
    const link: CitedLink = {
      id: `l${links.length}`,
      url: item.url,
      origin: item.origin,
      sentenceIndex,
      ...(item.span.start >= 0 ? { span: item.span } : {}),
      ...(item.label ? { label: item.label } : {}),
      ...(item.quote ? { quote: item.quote } : {}),
    };
    seen.set(key, link);
    links.push(link);
  }
  return links;
}
