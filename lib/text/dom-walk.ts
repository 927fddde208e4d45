/**
 * The one walk of a DOM's rendered text, for everything that turns page DOM into text: the page's text index
 * (lib/anchoring/text-index.ts, what highlights are searched in), a chatbot reply's text (lib/sites/extract-text.ts,
 * what a reply check is made of) and an article's text (lib/extract/dom-text.ts). They must agree on which nodes
 * render and in what order, or a reply's words could not be found where they were read (a reply check maps each of
 * its words to the page's text through the Text node it came from, see lib/anchoring/text-map.ts); and on where
 * blocks break. Each reader adds its own exclusions on top (a reply leaves out buttons, hidden labels, pill labels),
 * never fewer.
 *
 * DOM-only and small: it reads `nodeType` numbers, tag names, attributes and inline style, so it behaves the same
 * on the live page, happy-dom and linkedom (a service worker has no `Node` global to compare against).
 */

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
const DOCUMENT_NODE = 9;
const FRAGMENT_NODE = 11;

/** Elements that start and end a block: a paragraph break before and after their content. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set(
  (
    'ADDRESS ARTICLE ASIDE BLOCKQUOTE BODY CAPTION DD DETAILS DIV DL DT FIELDSET FIGCAPTION FIGURE FOOTER FORM ' +
    'H1 H2 H3 H4 H5 H6 HEADER HR LI MAIN NAV OL P PRE SECTION SUMMARY TABLE TBODY TD TFOOT TH THEAD TR UL'
  ).split(' '),
);

/** Elements whose content is never rendered as text. HEAD holds only <title> and metadata. */
const UNRENDERED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'HEAD',
  'TEXTAREA',
  'SELECT',
  'IFRAME',
  'OBJECT',
]);

/**
 * Rendered, but controls and media rather than prose (a button's "Copy", an icon's SVG title): left out of text
 * that is read (a reply, an article), kept in the page's index, where a person may still select them.
 */
export const CONTROL_TAGS: ReadonlySet<string> = new Set(['BUTTON', 'SVG', 'INPUT', 'IMG', 'CANVAS', 'VIDEO', 'AUDIO']);

/** What a walk reports, in rendering order. */
export interface RenderedTextVisitor {
  /** A Text node that renders. */
  text?(node: Text): void;
  /**
   * Entering an element, or a shadow root that renders in its host's place. Answer false to leave its content out
   * (then `leave` is not called for it).
   */
  enter?(node: Element | DocumentFragment): boolean | void;
  /** Leaving what `enter` let in. */
  leave?(node: Element | DocumentFragment): void;
  /** An element whose content never renders (see `isUnrendered`); it is not entered. */
  unrendered?(element: Element): void;
}

/** An element's tag name in upper case (SVG elements report theirs in lower case). */
export function tagOf(element: Element): string {
  return element.tagName.toUpperCase();
}

/**
 * Whether an element's content never renders: script, style, template, form-control content, `hidden`, inline
 * `display:none` or `visibility:hidden`. Cheap checks only (no getComputedStyle, which would force a style
 * recalculation per element): text hidden by a stylesheet stays in; a `visibility:visible` child inside a
 * `visibility:hidden` parent (rare) stays out.
 */
export function isUnrendered(element: Element): boolean {
  if (UNRENDERED_TAGS.has(tagOf(element)) || element.hasAttribute('hidden')) return true;
  const style = (element as Partial<ElementCSSInlineStyle>).style;
  return style?.display === 'none' || style?.visibility === 'hidden';
}

/**
 * The children that render inside `node`: a host's open shadow tree (closed ones are unreachable), a slot's assigned
 * nodes, only the <summary> of a closed <details>.
 */
function renderedChildren(node: Node): Node[] {
  if (node.nodeType === ELEMENT_NODE) {
    const element = node as Element;
    if (element.shadowRoot) return [element.shadowRoot];
    const tag = tagOf(element);
    if (tag === 'SLOT') {
      const assigned = (element as HTMLSlotElement).assignedNodes?.() ?? [];
      if (assigned.length > 0) return assigned;
    }
    if (tag === 'DETAILS' && !element.hasAttribute('open')) {
      return Array.from(element.childNodes).filter(
        (child) => child.nodeType === ELEMENT_NODE && tagOf(child as Element) === 'SUMMARY',
      );
    }
  }
  return Array.from(node.childNodes);
}

/**
 * Walks what renders under `root` (an Element, Document or ShadowRoot; `root` itself is not reported), in rendering
 * order: entering open shadow roots and following slots. An explicit stack rather than recursion, since real pages
 * nest deeply enough to worry about call depth.
 */
export function walkRenderedText(root: Node, visitor: RenderedTextVisitor): void {
  type Entry = { node: Node; exit: boolean };
  const stack: Entry[] = [];
  const pushChildren = (node: Node): void => {
    const children = renderedChildren(node);
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push({ node: children[i] as Node, exit: false });
  };
  pushChildren(root);
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node } = entry;
    if (entry.exit) {
      visitor.leave?.(node as Element | DocumentFragment);
      continue;
    }
    if (node.nodeType === TEXT_NODE) {
      visitor.text?.(node as Text);
      continue;
    }
    if (node.nodeType === ELEMENT_NODE && isUnrendered(node as Element)) {
      visitor.unrendered?.(node as Element);
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE && node.nodeType !== FRAGMENT_NODE && node.nodeType !== DOCUMENT_NODE) continue;
    if (visitor.enter?.(node as Element | DocumentFragment) === false) continue;
    stack.push({ node, exit: true });
    pushChildren(node);
  }
}

/**
 * Where a stretch [start, end) of text read from a DOM came from: `end - start` characters of a Text node from
 * `offset`, or a whole element read as one unit (a formula's TeX source, a code block).
 */
export type TextOrigin =
  { start: number; end: number; node: Text; offset: number } | { start: number; end: number; element: Element };
