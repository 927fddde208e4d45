/**
 * Keeping highlights on the text when the page re-renders it. A Range holds on to the nodes it was made
 * with; when a chat app or a framework replaces them with new nodes holding the same text, the highlight
 * silently vanishes (or sticks to detached nodes). So after DOM changes settle, every span is anchored
 * again from its stored selectors against one fresh index.
 */
import { anchor } from '../anchoring/anchor';
import type { OrphanReason, SpanSelectors } from '../anchoring/selectors';
import { buildTextIndex, type TextIndex } from '../anchoring/text-index';
import type { Band } from '../core/types';
import type { HighlightLayer } from './highlight-registry';
import { OWN_NODE_ATTRIBUTE } from './names';

/** A stored span: what `reanchorSpans` needs to draw it again. */
export interface StoredSpan {
  checkId: string;
  spanId: string;
  band: Band;
  selectors: SpanSelectors;
}

/** Spans not found after re-anchoring; they were removed from the layer, to be listed as not found. */
export interface ReanchorResult {
  anchored: number;
  orphaned: Array<{ checkId: string; spanId: string; reason: OrphanReason }>;
  /** Open shadow roots in the text, to pass to `ReanchorWatcher.watch` (their changes are not seen otherwise). */
  shadowRoots: readonly ShadowRoot[];
}

/**
 * Anchors every stored span under `root` against one text index (`index`, the page's text as it is now) and redraws
 * it in `layer`; a span that no longer anchors is removed rather than left on stale or wrong text.
 */
export function reanchorSpans(
  root: Node,
  spans: readonly StoredSpan[],
  layer: HighlightLayer,
  index: TextIndex = buildTextIndex(root),
): ReanchorResult {
  const result: ReanchorResult = { anchored: 0, orphaned: [], shadowRoots: index.shadowRoots };
  for (const span of spans) {
    const range = anchor(root, span.selectors, { index });
    if ('orphaned' in range) {
      layer.remove(span.checkId, span.spanId);
      result.orphaned.push({ checkId: span.checkId, spanId: span.spanId, reason: range.reason });
      continue;
    }
    layer.add({ checkId: span.checkId, spanId: span.spanId, band: span.band, range });
    result.anchored += 1;
  }
  return result;
}

/** Timers and clock, injected so tests advance time by hand. */
export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** Options of `watchForReanchor`. */
export interface ReanchorWatchOptions {
  /** The observed root (Element, Document or ShadowRoot); add shadow roots with `watch`. */
  root: Node;
  /** Called once the DOM has been quiet for `delayMs` (usually runs `reanchorSpans`). */
  onChange: () => void;
  /** Quiet time before re-anchoring. 250 ms: after a burst of rendering, before a reader notices. */
  delayMs?: number;
  /** Longest wait while changes keep coming (a streaming chat reply), so highlights still follow. */
  maxWaitMs?: number;
  scheduler?: Scheduler;
  /** MutationObserver constructor; defaults to the root's window's. */
  MutationObserver?: typeof MutationObserver;
}

/** A running watcher. */
export interface ReanchorWatcher {
  /** Also observes this node's subtree (an open shadow root, whose changes do not reach the root). */
  watch(node: Node): void;
  /** Processes changes the observer has queued but not yet delivered (tests; before reading state). */
  takeRecords(): void;
  /** Stops observing and cancels a pending re-anchor; later changes do nothing. */
  disconnect(): void;
}

const HIDING_STYLE = /display\s*:\s*none|visibility\s*:\s*hidden/iu;

/** Our own style elements, and style changes that do not show or hide anything, change no text. */
function isRelevant(record: MutationRecord): boolean {
  if (record.type === 'attributes') {
    if (record.attributeName !== 'style') return true;
    const now = (record.target as Element).getAttribute('style') ?? '';
    return HIDING_STYLE.test(record.oldValue ?? '') !== HIDING_STYLE.test(now);
  }
  const changed = [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)];
  const isOwn = (node: Node): boolean => node.nodeType === 1 && (node as Element).hasAttribute(OWN_NODE_ATTRIBUTE);
  if (changed.length > 0 && changed.every(isOwn)) return false;
  const target = record.target.nodeType === 1 ? (record.target as Element) : record.target.parentElement;
  return !target?.closest(`[${OWN_NODE_ATTRIBUTE}]`);
}

function defaultScheduler(view: Window): Scheduler {
  return {
    setTimeout: (callback, ms) => view.setTimeout(callback, ms),
    clearTimeout: (handle) => view.clearTimeout(handle as number),
    now: () => view.performance.now(),
  };
}

/**
 * Observes `root` for text, structure and visibility changes and calls `onChange` debounced: `delayMs`
 * after the last change, but at most `maxWaitMs` after the first of a burst.
 */
export function watchForReanchor(options: ReanchorWatchOptions): ReanchorWatcher {
  const doc = options.root.nodeType === 9 ? (options.root as Document) : options.root.ownerDocument;
  const view = doc?.defaultView;
  const scheduler = options.scheduler ?? (view ? defaultScheduler(view) : null);
  const Observer = options.MutationObserver ?? view?.MutationObserver;
  if (!scheduler || !Observer)
    // i18n-exempt: a developer's error: a bug in our own code or set-up, never a person's
    throw new Error('watchForReanchor needs a window or an injected scheduler and MutationObserver');
  const delay = options.delayMs ?? 250;
  const maxWait = options.maxWaitMs ?? 1000;
  let timer: unknown = null;
  let burstStart = 0;
  let stopped = false;

  const fire = (): void => {
    timer = null;
    if (!stopped) options.onChange();
  };
  const handle = (records: readonly MutationRecord[]): void => {
    if (stopped || !records.some(isRelevant)) return;
    const now = scheduler.now();
    if (timer === null) burstStart = now;
    else scheduler.clearTimeout(timer);
    const remaining = Math.max(0, burstStart + maxWait - now);
    timer = scheduler.setTimeout(fire, Math.min(delay, remaining));
  };

  const observer = new Observer(handle);
  const watch = (node: Node): void => {
    observer.observe(node, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['hidden', 'style', 'open'],
    });
  };
  watch(options.root);
  return {
    watch,
    takeRecords: () => handle(observer.takeRecords()),
    disconnect() {
      stopped = true;
      observer.disconnect();
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
    },
  };
}
