/**
 * Clean reply text from a reply's markdown body: walks the DOM once, skips excluded subtrees, turns
 * blocks into line breaks and list items into "- " / "1. " lines, fences code blocks (and records their
 * ranges), keeps one copy of each formula, and records cited URLs at their offsets. Works on any DOM
 * (live page, happy-dom, linkedom): it reads `nodeType`, `tagName`, attributes and `matches` only, and
 * never changes the page.
 */
import { readTargets } from './citation-targets';
import { cleanCitedUrl } from './cited-url';
import { readCode } from './code-block';
import { matchesAny } from './dom-query';
import { mathSource } from './math';
import { TextWriter } from './text-writer';
import type { Citation, CitationKind, SiteSelectors, TextRange } from './types';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements that start a new paragraph. */
const BLOCKS = new Set(
  'ADDRESS ARTICLE ASIDE BLOCKQUOTE DD DETAILS DIV DL DT FIELDSET FIGCAPTION FIGURE FOOTER H1 H2 H3 H4 H5 H6 HEADER MAIN NAV P SECTION SUMMARY'.split(
    ' ',
  ),
);

/** Never text a reader sees as part of the answer (buttons are UI chrome: copy, "Thought for 12s", …). */
const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'BUTTON',
  'SELECT',
  'TEXTAREA',
  'INPUT',
  'IFRAME',
  'CANVAS',
  'IMG',
  'VIDEO',
  'AUDIO',
  'OBJECT',
]);

/** Exclusions on every site: hidden labels ("ChatGPT said:"), hidden and editable subtrees. */
export const COMMON_EXCLUDE = [
  '.sr-only',
  '.visually-hidden',
  '.cdk-visually-hidden',
  '[hidden]',
  '[aria-hidden="true"]',
  '[contenteditable="true"]',
  '[role="button"]',
];

/** The part of an adapter an extraction needs. */
export interface ExtractOptions {
  selectors: Pick<SiteSelectors, 'citations' | 'links' | 'exclude'>;
  excludeText?: RegExp[];
  /** The page URL, for resolving relative links. */
  baseUrl: string;
}

/** Text, code ranges and citations of one reply. */
export interface Extracted {
  text: string;
  codeRanges: TextRange[];
  citations: Citation[];
}

/** Extracts the clean text of `bodies` (read in order, as separate paragraphs). */
export function extractReplyText(bodies: readonly Element[], options: ExtractOptions): Extracted {
  const walker = new ReplyWalker(options);
  for (const body of bodies) {
    walker.out.lineBreak(2);
    walker.children(body);
  }
  return { text: walker.out.toString(), codeRanges: walker.code, citations: walker.citations };
}

class ReplyWalker {
  readonly out = new TextWriter();
  readonly code: TextRange[] = [];
  readonly citations: Citation[] = [];
  private readonly exclude: string[];
  private listDepth = 0;
  private readonly seen = new Set<string>();

  constructor(private readonly options: ExtractOptions) {
    this.exclude = [...COMMON_EXCLUDE, ...options.selectors.exclude];
  }

  children(node: Node): void {
    for (let child = node.firstChild; child; child = child.nextSibling) this.node(child);
  }

  /**
   * Records the URLs of `element` at `range` (a pill's position, a link's text), once per place. Returns
   * how many usable (http/https) URLs it has, duplicates included.
   */
  cite(element: Element, range: TextRange, kind: CitationKind, linkText?: string): number {
    let usable = 0;
    for (const target of readTargets(element)) {
      const clean = cleanCitedUrl(target.href, this.options.baseUrl);
      if (!clean) continue;
      usable += 1;
      const key = `${clean.url} ${range.start} ${range.end} ${clean.quote ?? ''}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      const title = target.title ?? linkText;
      this.citations.push({
        url: clean.url,
        ...(title ? { title } : {}),
        ...range,
        ...(clean.quote ? { quote: clean.quote } : {}),
        kind,
      });
    }
    return usable;
  }

  private node(node: Node): void {
    if (node.nodeType === TEXT_NODE) {
      this.out.text(node.nodeValue ?? '');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const element = node as Element;
    const { selectors } = this.options;
    // Pills before exclusions: a pill may be a <button> (transcript UI) and still carry URLs.
    if (matchesAny(element, selectors.citations)) {
      const at = this.out.length;
      if (this.cite(element, { start: at, end: at }, 'pill') > 0) {
        this.out.dropped();
        return;
      }
      // No usable http(s) URL: not a citation, so its label is ordinary text (as defuddle does).
    }
    if (matchesAny(element, selectors.links)) {
      this.link(element);
      return;
    }
    if (SKIPPED.has(element.tagName.toUpperCase()) || matchesAny(element, this.exclude) || this.isChromeText(element))
      return;
    const math = mathSource(element);
    if (math) {
      if (math.display) this.out.lineBreak(this.listDepth > 0 ? 1 : 2);
      this.out.text(math.tex);
      if (math.display) this.out.lineBreak(this.listDepth > 0 ? 1 : 2);
      return;
    }
    this.structure(element);
  }

  private link(element: Element): void {
    const span = this.out.beginSpan();
    this.children(element);
    const range = this.out.endSpan(span) ?? { start: this.out.length, end: this.out.length };
    const text = this.out.slice(range.start, range.end);
    this.cite(element, range, range.end > range.start ? 'link' : 'pill', text || undefined);
  }

  /** Block, list, table and code structure; inline elements just pass through. */
  private structure(element: Element): void {
    const tag = element.tagName.toUpperCase();
    const paragraph = this.listDepth > 0 ? 1 : 2;
    switch (tag) {
      case 'BR':
        this.out.lineBreak(1);
        return;
      case 'HR':
        this.out.lineBreak(2);
        return;
      case 'PRE':
        this.codeBlock(element);
        return;
      case 'UL':
      case 'OL':
        this.list(element, tag === 'OL');
        return;
      case 'TABLE':
        this.out.lineBreak(paragraph);
        this.children(element);
        this.out.lineBreak(paragraph);
        return;
      case 'TR':
        this.out.lineBreak(1);
        this.children(element);
        this.out.lineBreak(1);
        return;
      case 'TD':
      case 'TH':
        if (element.previousElementSibling) this.out.cellSeparator(' | ');
        this.children(element);
        return;
      default:
        break;
    }
    const block = BLOCKS.has(tag);
    if (block) this.out.lineBreak(paragraph);
    this.children(element);
    if (block) this.out.lineBreak(paragraph);
  }

  private list(element: Element, ordered: boolean): void {
    this.out.lineBreak(this.listDepth > 0 ? 1 : 2);
    const indent = '  '.repeat(this.listDepth);
    let number = ordered ? Number.parseInt(element.getAttribute('start') ?? '1', 10) || 1 : 0;
    this.listDepth += 1;
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === ELEMENT_NODE && (child as Element).tagName.toUpperCase() === 'LI') {
        this.out.lineBreak(1);
        this.out.listMarker(`${indent}${ordered ? `${number}. ` : '- '}`);
        number += 1;
        this.children(child);
        this.out.lineBreak(1);
      } else {
        this.node(child);
      }
    }
    this.listDepth -= 1;
    this.out.lineBreak(this.listDepth > 0 ? 1 : 2);
  }

  private codeBlock(pre: Element): void {
    const { code, language } = readCode(pre, this.exclude);
    if (!code.trim()) return;
    this.out.lineBreak(this.listDepth > 0 ? 1 : 2);
    const span = this.out.beginSpan();
    // Fenced, so the pipeline's own block scanner (lib/core/text/sentence-blocks.ts) also sees code.
    this.out.raw(`\`\`\`${language}\n${code}\n\`\`\``);
    const range = this.out.endSpan(span);
    if (range) this.code.push(range);
    this.out.lineBreak(this.listDepth > 0 ? 1 : 2);
  }

  /** Elements whose whole text is a known chrome label (checked only for short texts, it is a full read). */
  private isChromeText(element: Element): boolean {
    const patterns = this.options.excludeText;
    if (!patterns?.length) return false;
    const text = element.textContent ?? '';
    if (text.length > 200) return false;
    const trimmed = text.replace(/\s+/g, ' ').trim();
    return trimmed !== '' && patterns.some((pattern) => pattern.test(trimmed));
  }
}
