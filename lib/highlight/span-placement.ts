/**
 * Where a check's spans sit in the page. A span found when the check is drawn is stored by its selectors and
 * anchored again whenever the page re-renders (reanchor.ts). A span not found then is tried again after each change
 * of the page: a chat list that had scrolled the reply out of the page when its check finished puts it back a moment
 * later, and its highlights must come back with it, and the reply's control stop saying they could not be shown.
 *
 * What counts as "not shown" only ever shrinks between drawings: a span once placed that the page later takes away
 * (a reply scrolled out of a virtualised list) comes back with its text, and is never drawn on other text meanwhile.
 */
import { describeRange, rangeForSubspan } from '../anchoring/describe';
import { type CaptureSelectors, isOrphaned } from '../anchoring/selectors';
import { buildTextIndex, type TextIndex } from '../anchoring/text-index';
import type { Band } from '../core/types';
import type { HighlightLayer } from './highlight-registry';
import { reanchorSpans, type StoredSpan } from './reanchor';

/** A span to place: its claim, its offsets in the checked text, its colour. */
export interface SpanToPlace {
  claimId: string;
  start: number;
  end: number;
  band: Band;
}

/** The drawing being placed: the checked text and where it was captured in the page. */
export interface PlacedDrawing {
  checkId: string;
  text: string;
  capture: CaptureSelectors;
  spans: readonly SpanToPlace[];
}

export interface SpanPlacement {
  /**
   * Places a drawing's spans (replacing the last drawing's) against `index`, the page's text as it is now; answers the
   * claims it could not find on the page.
   */
  draw(drawing: PlacedDrawing, index?: TextIndex): { notFound: string[] };
  /**
   * After the page changed: anchors the placed spans again and tries the ones not found. Answers whether any of those
   * was found now (what the page cannot show has shrunk).
   */
  refresh(): boolean;
  /** The claims of the last drawing not placed on the page since it was drawn. */
  notFound(): string[];
  /** Whether any span is placed (for the progress mark: the first highlight replaces it). */
  anyPlaced(): boolean;
  /** Forgets the drawing (its highlights are cleared by the caller). */
  clear(): void;
}

export function createSpanPlacement(root: Node, layer: HighlightLayer): SpanPlacement {
  let drawing: PlacedDrawing | undefined;
  let stored: StoredSpan[] = [];
  let missing: SpanToPlace[] = [];

  /** Places one span against `index`; false when its words are not on the page (it is then drawn nowhere). */
  function place(span: SpanToPlace, current: PlacedDrawing, index: TextIndex): boolean {
    const capture = { text: current.text, selectors: current.capture };
    const range = rangeForSubspan(root, capture, span.start, span.end, index);
    const selectors = isOrphaned(range) ? null : describeRange(root, range, index);
    if (isOrphaned(range) || !selectors) {
      layer.remove(current.checkId, span.claimId);
      return false;
    }
    layer.add({ checkId: current.checkId, spanId: span.claimId, band: span.band, range });
    stored.push({ checkId: current.checkId, spanId: span.claimId, band: span.band, selectors });
    return true;
  }

  return {
    draw(next, index = buildTextIndex(root)) {
      drawing = next;
      stored = [];
      missing = next.spans.filter((span) => !place(span, next, index));
      return { notFound: missing.map((span) => span.claimId) };
    },
    refresh() {
      const index = buildTextIndex(root);
      reanchorSpans(root, stored, layer, index);
      const current = drawing;
      if (!current || missing.length === 0) return false;
      // Tried again only once the drawn text is on the page word for word (a reply scrolled back as it was): a cheap
      // test on each change of a busy chat page, where anchoring every unfound claim fuzzily against the whole page
      // would not be. A text the page has since rewritten stays as its drawing found it.
      if (!index.text.includes(current.capture.quote.exact)) return false;
      const before = missing.length;
      missing = missing.filter((span) => !place(span, current, index));
      return missing.length < before;
    },
    notFound: () => missing.map((span) => span.claimId),
    anyPlaced: () => stored.length > 0,
    clear() {
      drawing = undefined;
      stored = [];
      missing = [];
    },
  };
}
