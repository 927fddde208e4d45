/**
 * Where a check's spans sit in the page. A span found when the check is drawn is stored by its selectors and
 * anchored again whenever the page re-renders (reanchor.ts). A span not found then is tried again when the drawn
 * text comes back to the page as it was: a chat list that had scrolled the reply out of the page when its check
 * finished puts it back a moment later, and its highlights must come back with it, and the reply's control stop saying
 * they could not be shown.
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

/** What a page change did to the drawing. */
export interface Refreshed {
  /** Spans not found before are placed now (what the page cannot show has shrunk). */
  placed: boolean;
  /** The drawn text is on the page as it was, and was not at the last look (a reply scrolled back into the page). */
  textReturned: boolean;
}

export interface SpanPlacement {
  /**
   * Places a drawing's spans (replacing the last drawing's) against `index`, the page's text as it is now; answers the
   * claims it could not find on the page.
   */
  draw(drawing: PlacedDrawing, index?: TextIndex): { notFound: string[] };
  /** After the page changed (`index` is its text now): anchors the placed spans again, and tries the others. */
  refresh(index?: TextIndex): Refreshed;
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
  /** Whether the drawn text was on the page, word for word, at the drawing or the last change. */
  let textOnPage = false;
  // A plain search, cheap on every change of a busy page; where the text is, and in what context, is for anchoring to
  // weigh (a chat list adds turns around a reply, so its context changes while it is away).
  const isOnPage = (current: PlacedDrawing, index: TextIndex) => index.text.includes(current.capture.quote.exact);

  /** Places one span against `index`; false when its words are not on the page (it is then drawn nowhere). */
  function place(span: SpanToPlace, current: PlacedDrawing, index: TextIndex): boolean {
    const capture = { text: current.text, selectors: current.capture };
    const notPlaced = () => (layer.remove(current.checkId, span.claimId), false);
    const range = rangeForSubspan(root, capture, span.start, span.end, index);
    if (isOrphaned(range)) return notPlaced();
    const selectors = describeRange(root, range, index);
    if (!selectors) return notPlaced();
    layer.add({ checkId: current.checkId, spanId: span.claimId, band: span.band, range });
    stored.push({ checkId: current.checkId, spanId: span.claimId, band: span.band, selectors });
    return true;
  }

  return {
    draw(next, index = buildTextIndex(root)) {
      drawing = next;
      stored = [];
      textOnPage = isOnPage(next, index);
      missing = next.spans.filter((span) => !place(span, next, index));
      return { notFound: missing.map((span) => span.claimId) };
    },
    refresh(index = buildTextIndex(root)) {
      reanchorSpans(root, stored, layer, index);
      const current = drawing;
      if (!current) return { placed: false, textReturned: false };
      // Only the text's return is worth trying the unfound again for: against the same text they fail again, and
      // anchoring each of them (fuzzily, against the whole page) on every change of a busy chat page would cost.
      const wasOnPage = textOnPage;
      textOnPage = isOnPage(current, index);
      const textReturned = textOnPage && !wasOnPage;
      if (!textReturned || missing.length === 0) return { placed: false, textReturned };
      const before = missing.length;
      missing = missing.filter((span) => !place(span, current, index));
      return { placed: missing.length < before, textReturned };
    },
    notFound: () => missing.map((span) => span.claimId),
    anyPlaced: () => stored.length > 0,
    clear() {
      drawing = undefined;
      stored = [];
      missing = [];
      textOnPage = false;
    },
  };
}
