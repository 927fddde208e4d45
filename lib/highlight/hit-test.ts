/**
 * Which highlighted span is under a point. Highlights are not elements, so they get no events of their
 * own: the content script listens for pointermove/click at document level and asks here (recogito's
 * approach). `CSS.highlights.highlightsFromPoint` (Chrome 140+) answers natively; elsewhere the spans'
 * client rects are checked through a row index, rebuilt only when something may have moved.
 */
import type { HighlightApi, HighlightedSpan, HighlightLayer } from './highlight-registry';
import { BAND_PRIORITY } from './names';

/** One entry of `highlightsFromPoint`: the current shape has ranges; the first draft returned Highlights. */
type HitResult = { highlight: Highlight; ranges?: readonly AbstractRange[] } | Highlight;

/** A registry that may have `highlightsFromPoint` (not yet in TypeScript's DOM types). */
type HitTestableRegistry = HighlightRegistry & {
  highlightsFromPoint?: (x: number, y: number, options?: { shadowRoots?: ShadowRoot[] }) => readonly HitResult[];
};

/** Finds the span under a viewport point. */
export interface HitTester {
  /** The span under client coordinates (x, y), the worst band first where spans overlap; or null. */
  at(x: number, y: number): HighlightedSpan | null;
  /** Drops cached rects; call after layout changes the tester cannot see (fonts loading, animations). */
  invalidate(): void;
}

/** What the hit tester needs. */
export interface HitTesterOptions {
  /** The page's window: source of scroll and resize events (listened to in the capture phase). */
  view: Pick<Window, 'addEventListener'>;
  layer: HighlightLayer;
  /** The Highlight API; its `highlightsFromPoint` is used when present. */
  api?: HighlightApi | null;
  /** Open shadow roots with highlighted text, revealed to `highlightsFromPoint`. */
  shadowRoots?: () => ShadowRoot[];
  /** Height of an index row in CSS pixels: a point is checked only against rects in its row. */
  rowHeight?: number;
  /** Removes the listeners (e.g. the content script's ctx.signal). */
  signal?: AbortSignal;
}

interface IndexedRect {
  span: HighlightedSpan;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Among several hits, the worst band wins, then the smallest (most specific) rect. */
function better(a: IndexedRect, b: IndexedRect | null): boolean {
  if (!b) return true;
  const pa = BAND_PRIORITY[a.span.band];
  const pb = BAND_PRIORITY[b.span.band];
  if (pa !== pb) return pa > pb;
  return (a.right - a.left) * (a.bottom - a.top) < (b.right - b.left) * (b.bottom - b.top);
}

/** Builds a hit tester over a layer. */
export function createHitTester(options: HitTesterOptions): HitTester {
  const { layer, api } = options;
  const rowHeight = options.rowHeight ?? 32;
  let rows: Map<number, IndexedRect[]> | null = null;
  let builtAt = -1;

  // Client rects are viewport coordinates, so any scroll moves them: also an inner scroller's (chat
  // pages scroll a div, not the window), hence capture-phase listening on the window.
  const invalidate = (): void => {
    rows = null;
  };
  const listenerOptions = { capture: true, passive: true, signal: options.signal };
  options.view.addEventListener('scroll', invalidate, listenerOptions);
  options.view.addEventListener('resize', invalidate, listenerOptions);

  const build = (): Map<number, IndexedRect[]> => {
    const index = new Map<number, IndexedRect[]>();
    for (const span of layer.spans()) {
      const range = span.range as Partial<Range>;
      if (typeof range.getClientRects !== 'function') continue; // a StaticRange has no geometry
      for (const rect of Array.from(range.getClientRects.call(span.range))) {
        if (rect.width <= 0 || rect.height <= 0) continue;
        const entry = { span, left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
        for (let row = Math.floor(rect.top / rowHeight); row <= Math.floor(rect.bottom / rowHeight); row += 1) {
          const list = index.get(row);
          if (list) list.push(entry);
          else index.set(row, [entry]);
        }
      }
    }
    return index;
  };

  const fromRects = (x: number, y: number, only?: ReadonlySet<HighlightedSpan>): HighlightedSpan | null => {
    if (!rows || builtAt !== layer.version) {
      rows = build();
      builtAt = layer.version;
    }
    let best: IndexedRect | null = null;
    for (const entry of rows.get(Math.floor(y / rowHeight)) ?? []) {
      if (only && !only.has(entry.span)) continue;
      if (x >= entry.left && x <= entry.right && y >= entry.top && y <= entry.bottom && better(entry, best))
        best = entry;
    }
    return best?.span ?? null;
  };

  const fromNative = (
    x: number,
    y: number,
    find: NonNullable<HitTestableRegistry['highlightsFromPoint']>,
  ): HighlightedSpan | null => {
    const results = find.call(api?.registry, x, y, { shadowRoots: options.shadowRoots?.() ?? [] });
    // Results come topmost first; the first of ours decides.
    for (const result of results) {
      const highlight = 'highlight' in result ? result.highlight : result;
      const ours = layer.spans().filter((span) => layer.highlightOf(span.band) === highlight);
      if (ours.length === 0) continue;
      const ranges = 'highlight' in result ? result.ranges : undefined;
      if (ranges) {
        for (const range of ranges) {
          const span = layer.spanOfRange(range);
          if (span) return span;
        }
        continue;
      }
      // The older shape names only the highlight: narrow to its spans with their rects.
      const span = fromRects(x, y, new Set(ours));
      if (span) return span;
    }
    return null;
  };

  return {
    at(x, y) {
      const find = (api?.registry as HitTestableRegistry | undefined)?.highlightsFromPoint;
      return typeof find === 'function' ? fromNative(x, y, find) : fromRects(x, y);
    },
    invalidate,
  };
}
