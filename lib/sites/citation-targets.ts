/**
 * Reading the raw URLs (and titles) out of a citation element, whatever form the site uses:
 * `a[href]`, Perplexity's `data-pplx-citation-url`, or the ChatGPT transcript UI's JSON source list in
 * `data-assistant-sources-payload` (docs/chat-sites.md §4.3). URL cleaning happens in cited-url.ts.
 */

/** A URL as written in the DOM, before cleaning. */
export interface RawTarget {
  href: string;
  title?: string;
}

const PAYLOAD = 'data-assistant-sources-payload';
const PPLX = 'data-pplx-citation-url';
const SOURCE_ELEMENTS = `a[href], [${PPLX}], [${PAYLOAD}]`;

/** Every URL `element` (itself or inside it) points at, in document order, duplicates kept. */
export function readTargets(element: Element): RawTarget[] {
  const elements = [element, ...Array.from(element.querySelectorAll(SOURCE_ELEMENTS))];
  const targets: RawTarget[] = [];
  const seen = new Set<Element>();
  for (const node of elements) {
    if (seen.has(node)) continue;
    seen.add(node);
    targets.push(...targetsOf(node));
  }
  return targets;
}

function targetsOf(node: Element): RawTarget[] {
  const payload = node.getAttribute(PAYLOAD);
  if (payload !== null) return parsePayload(payload);
  const pplx = node.getAttribute(PPLX);
  if (pplx !== null) {
    // Perplexity puts the source title on the pill wrapper: span.inline-flex[aria-label] > span.citation.
    const title = node.getAttribute('aria-label') ?? node.parentElement?.getAttribute('aria-label') ?? labelOf(node);
    // The anchor inside repeats the same URL; it is skipped by the caller's de-duplication.
    return [withTitle(pplx, title)];
  }
  if (node.tagName === 'A') {
    const href = node.getAttribute('href');
    if (href === null) return [];
    return [withTitle(href, node.getAttribute('title') ?? node.getAttribute('aria-label') ?? labelOf(node))];
  }
  return [];
}

/** The transcript UI's payload: `[{ "title", "url", "attribution", … }]`. Anything malformed is ignored. */
function parsePayload(json: string): RawTarget[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const targets: RawTarget[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { url, title } = item as { url?: unknown; title?: unknown };
    if (typeof url === 'string') targets.push(withTitle(url, typeof title === 'string' ? title : undefined));
  }
  return targets;
}

/**
 * A pill's visible label without its "+N more sources" counter: the text of the first element whose own
 * text is not a counter ("US EPA" from "US EPA", "+1"; "Anthropic" from "Anthropic +2"). An element's own
 * text nodes are joined first, since parsers may split "Spec &amp; Guide" into several nodes.
 */
export function labelOf(element: Element): string | undefined {
  let own = '';
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) own += child.nodeValue ?? '';
  }
  const text = own
    .replace(/\s+/g, ' ')
    .replace(/\s*\+\d+\s*$/, '')
    .trim();
  if (text && !/^\+\d+$/.test(text)) return text;
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    const label = labelOf(child);
    if (label) return label;
  }
  return undefined;
}

function withTitle(href: string, title: string | undefined): RawTarget {
  const clean = title?.replace(/\s+/g, ' ').trim();
  return clean ? { href, title: clean } : { href };
}
