/**
 * Clean reply text from a reply's markdown body: one walk of the rendered DOM (lib/text/dom-walk.ts, the
 * walk the page's text index makes too) that skips excluded subtrees, turns blocks into line breaks and
 * list items into "- " / "1. " lines, fences code blocks (and records their ranges), keeps one copy of
 * each formula, records cited URLs at their offsets, and notes where each piece of the text came from
 * (`origins`), so claims in it can be drawn exactly on their words in the page. Works on any DOM (live
 * page, happy-dom, linkedom): it reads `nodeType`, `tagName`, attributes and `matches` only, and never
 * changes the page.
 */
import { BLOCK_TAGS, CONTROL_TAGS, ELEMENT_NODE, tagOf, type TextOrigin, walkRenderedText } from '../text/dom-walk';
import { readTargets } from './citation-targets';
import { cleanCitedUrl } from './cited-url';
import { readCode } from './code-block';
import { matchesAny } from './dom-query';
import { mathSource } from './math';
import { TextWriter } from './text-writer';
import type { Citation, CitationKind, SiteSelectors, TextRange } from './types';

/** Table sections pass their rows through: a table's rows are lines, whatever section holds them. */
const TABLE_SECTIONS = new Set(['THEAD', 'TBODY', 'TFOOT']);

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

/** Text, code ranges and citations of one reply, and where each piece of the text came from. */
export interface Extracted {
  text: string;
  codeRanges: TextRange[];
  citations: Citation[];
  /** In text order; the text between them (separators, list markers, fences) came from no node. */
  origins: TextOrigin[];
}

/** Extracts the clean text of `bodies` (read in order, as separate paragraphs). */
export function extractReplyText(bodies: readonly Element[], options: ExtractOptions): Extracted {
  const walker = new ReplyWalker(options);
  for (const body of bodies) {
    walker.out.lineBreak(2);
    walkRenderedText(body, walker);
  }
  const { out } = walker;
  return { text: out.toString(), codeRanges: walker.code, citations: walker.citations, origins: out.origins };
}

/** What to do when leaving an element that was entered (close a line, a list, a link's span). */
type Leave = (() => void) | null;

/** A list being written: its element and the number of its next item. */
interface OpenList {
  element: Element;
  ordered: boolean;
  number: number;
}

class ReplyWalker {
  readonly out = new TextWriter();
  readonly code: TextRange[] = [];
  readonly citations: Citation[] = [];
  private readonly exclude: string[];
  private readonly lists: OpenList[] = [];
  private readonly leaving: Leave[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly options: ExtractOptions) {
    this.exclude = [...COMMON_EXCLUDE, ...options.selectors.exclude];
  }

  text(node: Text): void {
    this.out.text(node.data, node);
  }

  enter(node: Element | DocumentFragment): boolean {
    if (node.nodeType !== ELEMENT_NODE) return this.then(null);
    const leave = this.element(node as Element);
    return leave === false ? false : this.then(leave);
  }

  leave(): void {
    this.leaving.pop()?.();
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

  private then(leave: Leave): true {
    this.leaving.push(leave);
    return true;
  }

  /** Handles an element on entry: false leaves its content out, else what to do on leaving it. */
  private element(element: Element): Leave | false {
    const { selectors } = this.options;
    // Pills before exclusions: a pill may be a <button> (transcript UI) and still carry URLs.
    if (matchesAny(element, selectors.citations)) {
      const at = this.out.length;
      if (this.cite(element, { start: at, end: at }, 'pill') > 0) {
        this.out.dropped();
        return false;
      }
      // No usable http(s) URL: not a citation, so its label is ordinary text (as defuddle does).
    }
    if (matchesAny(element, selectors.links)) return this.link(element);
    if (CONTROL_TAGS.has(tagOf(element)) || matchesAny(element, this.exclude) || this.isChromeText(element))
      return false;
    const math = mathSource(element);
    if (math) {
      const paragraph = this.lists.length > 0 ? 1 : 2;
      if (math.display) this.out.lineBreak(paragraph);
      this.out.unit(math.tex, element);
      if (math.display) this.out.lineBreak(paragraph);
      return false;
    }
    return this.structure(element);
  }

  private link(element: Element): Leave {
    const span = this.out.beginSpan();
    return () => {
      const range = this.out.endSpan(span) ?? { start: this.out.length, end: this.out.length };
      const text = this.out.slice(range.start, range.end);
      this.cite(element, range, range.end > range.start ? 'link' : 'pill', text || undefined);
    };
  }

  /** Block, list, table and code structure; inline elements just pass through. */
  private structure(element: Element): Leave | false {
    const tag = tagOf(element);
    const paragraph = this.lists.length > 0 ? 1 : 2;
    const breakAfter =
      (count: 1 | 2): Leave =>
      () =>
        this.out.lineBreak(count);
    switch (tag) {
      case 'BR':
        this.out.lineBreak(1);
        return false;
      case 'HR':
        this.out.lineBreak(2);
        return false;
      case 'PRE':
        this.codeBlock(element);
        return false;
      case 'UL':
      case 'OL':
        return this.list(element, tag === 'OL');
      case 'LI':
        if (this.lists.at(-1)?.element === element.parentElement) return this.listItem();
        break;
      case 'TR':
        this.out.lineBreak(1);
        return breakAfter(1);
      case 'TD':
      case 'TH':
        if (element.previousElementSibling) this.out.cellSeparator(' | ');
        return null;
      default:
        if (TABLE_SECTIONS.has(tag)) return null;
        break;
    }
    if (!BLOCK_TAGS.has(tag)) return null;
    this.out.lineBreak(paragraph);
    return breakAfter(paragraph);
  }

  private list(element: Element, ordered: boolean): Leave {
    this.out.lineBreak(this.lists.length > 0 ? 1 : 2);
    const number = ordered ? Number.parseInt(element.getAttribute('start') ?? '1', 10) || 1 : 0;
    this.lists.push({ element, ordered, number });
    return () => {
      this.lists.pop();
      this.out.lineBreak(this.lists.length > 0 ? 1 : 2);
    };
  }

  /** An item of the list being written: a line with its marker, indented by the lists around it. */
  private listItem(): Leave {
    const list = this.lists.at(-1);
    if (!list) return null;
    const indent = '  '.repeat(this.lists.length - 1);
    this.out.lineBreak(1);
    this.out.listMarker(`${indent}${list.ordered ? `${list.number}. ` : '- '}`);
    list.number += 1;
    return () => this.out.lineBreak(1);
  }

  private codeBlock(pre: Element): void {
    const { code, language } = readCode(pre, this.exclude);
    if (!code.trim()) return;
    const paragraph = this.lists.length > 0 ? 1 : 2;
    this.out.lineBreak(paragraph);
    const span = this.out.beginSpan();
    // Fenced, so the pipeline's own block scanner (lib/core/text/sentence-blocks.ts) also sees code.
    this.out.unit(`\`\`\`${language}\n${code}\n\`\`\``, pre, true);
    const range = this.out.endSpan(span);
    if (range) this.code.push(range);
    this.out.lineBreak(paragraph);
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
