/**
 * Our entries in the page's CSS Custom Highlight registry: a fixed set of named `Highlight`s, one per
 * band, registered once, to which ranges are added and from which they are removed per check and span
 * (word-hunter's pattern). The page's DOM is never rewritten, and only our names are ever touched:
 * never `CSS.highlights.clear()`, which would wipe the page's and other extensions' highlights.
 */
import type { Band } from '../core/types';
import { installHighlightStyles, removeHighlightStyles } from './highlight-styles';
import { BAND_PRIORITY, BANDS, HIGHLIGHT_NAMES } from './names';

/** The parts of the Highlight API we use, passed in so tests (and browsers without it) can decide. */
export interface HighlightApi {
  registry: HighlightRegistry;
  createHighlight: () => Highlight;
}

/** The Highlight API of a window, or null where it is missing (Firefox before 140, happy-dom, linkedom). */
export function highlightApiOf(view: object): HighlightApi | null {
  const scope = view as { CSS?: { highlights?: HighlightRegistry }; Highlight?: new () => Highlight };
  const registry = scope.CSS?.highlights;
  const HighlightClass = scope.Highlight;
  if (!registry || typeof HighlightClass !== 'function') return null;
  return { registry, createHighlight: () => new HighlightClass() };
}

/** A span drawn on the page. `spanId` is unique within its check (e.g. a claim id). */
export interface HighlightedSpan {
  checkId: string;
  spanId: string;
  band: Band;
  range: AbstractRange;
}

/** Our highlight layer on one document. */
export interface HighlightLayer {
  /** Draws a span, replacing any earlier range or band of the same (checkId, spanId). */
  add(span: HighlightedSpan): void;
  /** Removes one span. */
  remove(checkId: string, spanId: string): void;
  /** Removes every span of a check (a new check of the same text, or the check was deleted). */
  removeCheck(checkId: string): void;
  /** Removes all our spans ("Clear highlights"); our named highlights stay registered, empty. */
  clear(): void;
  /** Removes our spans, our names from the registry (only if still ours) and our style elements. */
  dispose(): void;
  /** The drawn spans, in insertion order. */
  spans(): readonly HighlightedSpan[];
  /** The span drawn with this exact Range object, for hit results that return ranges. */
  spanOfRange(range: AbstractRange): HighlightedSpan | undefined;
  /** Our Highlight object for a band (to recognise it in hit results). */
  highlightOf(band: Band): Highlight;
  /** Increases on every change, so caches (hit-test rects) know when to rebuild. */
  readonly version: number;
}

export { HIGHLIGHT_CSS, installHighlightStyles, removeHighlightStyles } from './highlight-styles';
export { HIGHLIGHT_NAMES } from './names';

const keyOf = (checkId: string, spanId: string): string => `${checkId}\u0000${spanId}`;

/** The shadow root holding a range's start, if any: its text needs our rules inside that root. */
function shadowRootOf(range: AbstractRange): ShadowRoot | null {
  const root = range.startContainer.getRootNode();
  return root.nodeType === 11 && 'host' in root ? (root as ShadowRoot) : null;
}

/**
 * Registers our named highlights on `doc`'s registry (replacing stale entries of ours left by an earlier
 * content-script instance, e.g. after an extension update) and installs the stylesheet in the document.
 */
export function createHighlightLayer(doc: Document, api: HighlightApi): HighlightLayer {
  const highlights = new Map<Band, Highlight>();
  for (const band of BANDS) {
    const highlight = api.createHighlight();
    highlight.priority = BAND_PRIORITY[band];
    highlights.set(band, highlight);
    api.registry.set(HIGHLIGHT_NAMES[band], highlight);
  }
  const spans = new Map<string, HighlightedSpan>();
  const byRange = new Map<AbstractRange, HighlightedSpan>();
  const styledRoots = new Set<ShadowRoot>();
  let version = 0;
  installHighlightStyles(doc);

  const highlightOf = (band: Band): Highlight => {
    const highlight = highlights.get(band);
    // i18n-exempt: a developer's error: a bug in our own code or set-up, never a person's
    if (!highlight) throw new Error(`No highlight for band ${band}`);
    return highlight;
  };

  const removeKey = (key: string): void => {
    const span = spans.get(key);
    if (!span) return;
    spans.delete(key);
    // Two spans may share one Range object; keep it drawn while another span of the band still uses it.
    const sharing = [...spans.values()].filter((other) => other.range === span.range);
    if (!sharing.some((other) => other.band === span.band)) highlightOf(span.band).delete(span.range);
    const successor = sharing[0];
    if (successor) byRange.set(span.range, successor);
    else byRange.delete(span.range);
    version += 1;
  };

  const clear = (): void => {
    spans.clear();
    byRange.clear();
    for (const highlight of highlights.values()) highlight.clear();
    version += 1;
  };

  return {
    add(span) {
      const key = keyOf(span.checkId, span.spanId);
      removeKey(key);
      const highlight = highlightOf(span.band);
      // The page (or a page script calling CSS.highlights.clear()) may have dropped our entry: put it back.
      const name = HIGHLIGHT_NAMES[span.band];
      if (api.registry.get(name) !== highlight) api.registry.set(name, highlight);
      highlight.add(span.range);
      const stored = { ...span };
      spans.set(key, stored);
      byRange.set(span.range, stored);
      // Every time, not once: a re-rendered <head> or component drops our <style>, and the check is
      // a single querySelector.
      installHighlightStyles(doc);
      const shadow = shadowRootOf(span.range);
      if (shadow) {
        installHighlightStyles(shadow);
        styledRoots.add(shadow);
      }
      version += 1;
    },
    remove(checkId, spanId) {
      removeKey(keyOf(checkId, spanId));
    },
    removeCheck(checkId) {
      for (const [key, span] of [...spans]) if (span.checkId === checkId) removeKey(key);
    },
    clear,
    dispose() {
      clear();
      for (const band of BANDS) {
        const name = HIGHLIGHT_NAMES[band];
        if (api.registry.get(name) === highlights.get(band)) api.registry.delete(name);
      }
      removeHighlightStyles(doc);
      for (const shadow of styledRoots) removeHighlightStyles(shadow);
      styledRoots.clear();
    },
    spans: () => [...spans.values()],
    spanOfRange: (range) => byRange.get(range),
    highlightOf,
    get version() {
      return version;
    },
  };
}
