/**
 * The text of a root as one string, with a map between string offsets and DOM positions (Text node and
 * offset), for describing ranges as selectors and turning matches back into Ranges.
 *
 * Whitespace: the string is the exact concatenation of the visible Text nodes' data, with NO
 * normalisation and nothing inserted between blocks. Every offset is then exactly one (Text, offset), so
 * a match always becomes a correct Range boundary. Differences in whitespace (pretty-printed HTML, text
 * re-flowed into other nodes, the newlines `Selection.toString()` adds between blocks) are absorbed when
 * matching: `matchQuote` folds whitespace runs but reports offsets in this string, and `describeRange`
 * collapses whitespace only in the stored prefix/suffix context. This is hypothesis' choice too
 * (anchoring on `textContent`), extended to skip invisible elements and to enter shadow roots.
 */
import { TEXT_NODE, walkRenderedText } from '../text/dom-walk';

const FRAGMENT_NODE = 11;

/** Where a node's text lies in the index string: [start, end). Zero-length for skipped nodes. */
interface NodeSpan {
  start: number;
  end: number;
}

/** A root's visible text and the map back to its nodes. Build once per DOM state, reuse for many spans. */
export interface TextIndex {
  readonly root: Node;
  /** Concatenated data of the visible Text nodes, in rendering order (shadow content where it renders). */
  readonly text: string;
  /** The non-empty visible Text nodes, in the order their data appears in `text`. */
  readonly nodes: readonly Text[];
  /** `starts[i]` is the offset of `nodes[i]` in `text`; strictly increasing. */
  readonly starts: readonly number[];
  /** Open shadow roots entered while indexing (for styles, observers and `getComposedRanges`). */
  readonly shadowRoots: readonly ShadowRoot[];
  /** Every visited node's span, so any boundary point (element, child offset) maps in O(1). */
  readonly spans: ReadonlyMap<Node, NodeSpan>;
}

/** A DOM position inside a Text node. */
export interface TextPoint {
  node: Text;
  offset: number;
}

/**
 * Indexes the text that renders under `root` (an Element, Document or ShadowRoot), as the one walk of rendered text
 * (lib/text/dom-walk.ts) finds it: without script, style, template and form-control content, elements with `hidden`
 * or inline `display:none` / `visibility:hidden`, and the body of closed <details>; with open shadow roots (web
 * components), following slots. Text hidden by a stylesheet stays in; that is harmless (describe and anchor agree,
 * and a highlight on invisible text draws nothing). Closed shadow roots are unreachable from here.
 */
export function buildTextIndex(root: Node): TextIndex {
  const nodes: Text[] = [];
  const starts: number[] = [];
  const chunks: string[] = [];
  const spans = new Map<Node, NodeSpan>();
  const shadowRoots: ShadowRoot[] = [];
  let length = 0;
  const open = (node: Node): void => {
    spans.set(node, { start: length, end: length });
  };
  const close = (node: Node): void => {
    const span = spans.get(node);
    if (span) span.end = length;
  };

  open(root);
  walkRenderedText(root, {
    text(node) {
      const span = { start: length, end: length };
      spans.set(node, span);
      if (node.data.length === 0) return;
      nodes.push(node);
      starts.push(length);
      chunks.push(node.data);
      length += node.data.length;
      span.end = length;
    },
    enter(node) {
      if (node.nodeType === FRAGMENT_NODE && 'host' in node) shadowRoots.push(node as ShadowRoot);
      open(node);
    },
    leave: close,
    // Zero-length where it would be: a point inside hidden content maps there, never widening a range.
    unrendered: open,
  });
  close(root);
  return { root, text: chunks.join(''), nodes, starts, shadowRoots, spans };
}

/** The parent in the composed tree: a shadow root's parent is its host. */
function composedParent(node: Node): Node | null {
  if (node.parentNode) return node.parentNode;
  return node.nodeType === FRAGMENT_NODE && 'host' in node ? (node as ShadowRoot).host : null;
}

/**
 * The index offset of a DOM boundary point (as in a Range), or null when the point is outside the root.
 * A point inside skipped or hidden content maps to where that content would be (zero-length there).
 */
export function offsetOfPoint(index: TextIndex, container: Node, offset: number): number | null {
  const span = index.spans.get(container);
  if (span) {
    if (container.nodeType === TEXT_NODE) return span.start + Math.max(0, Math.min(offset, span.end - span.start));
    const children = container.childNodes;
    for (let i = offset; i < children.length; i += 1) {
      const child = children[i];
      const childSpan = child ? index.spans.get(child) : undefined;
      if (childSpan) return childSpan.start;
    }
    return span.end;
  }
  // Not visited: inside skipped content, or light DOM a shadow tree does not render. Use the nearest
  // visited ancestor's start, so such points never widen a range.
  for (let node = composedParent(container); node; node = composedParent(node)) {
    const ancestor = index.spans.get(node);
    if (ancestor) return ancestor.start;
  }
  return null;
}

/** Largest i with starts[i] < offset (strict) or ≤ offset, by binary search; -1 when none. */
function nodeIndexBefore(starts: readonly number[], offset: number, strict: boolean): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const start = starts[mid] ?? 0;
    if (strict ? start < offset : start <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * The DOM position of an index offset. At a junction between two nodes a `start` point goes into the
 * following node and an `end` point stays in the preceding one, so a Range never begins or ends on
 * text it does not contain (which would add an empty client rect and confuse hit-testing).
 */
export function pointAtOffset(index: TextIndex, offset: number, side: 'start' | 'end'): TextPoint | null {
  if (index.nodes.length === 0 || offset < 0 || offset > index.text.length) return null;
  let i = nodeIndexBefore(index.starts, offset, side === 'end');
  if (i < 0) i = 0;
  if (side === 'start' && offset === index.text.length) i = index.nodes.length - 1;
  const node = index.nodes[i];
  const start = index.starts[i];
  if (!node || start === undefined) return null;
  return { node, offset: Math.min(Math.max(0, offset - start), node.data.length) };
}

/**
 * A live Range over [start, end) of the index text, or null when the offsets are out of bounds or the
 * two ends lie in different trees (a Range cannot cross a shadow boundary; setting such an end would
 * silently collapse it).
 */
export function rangeFromOffsets(index: TextIndex, start: number, end: number): Range | null {
  const from = pointAtOffset(index, start, 'start');
  const to = pointAtOffset(index, end, 'end');
  if (!from || !to || start > end) return null;
  if (from.node.getRootNode() !== to.node.getRootNode()) return null;
  const doc = from.node.ownerDocument;
  const range = doc.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
}
