/**
 * Where the in-page card goes so that it never covers the sentence it is about: below the sentence when
 * it fits in the viewport there, else above it, else on whichever side has more room (it may then run past
 * the viewport's edge, which scrolling reaches, rather than lie over the text). Across, it starts at the
 * pointer (or the sentence's left edge) and is kept inside the viewport. Pure: viewport coordinates in,
 * viewport coordinates out.
 */

/** A box in viewport coordinates (a DOMRect has these). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface CardPlacementInput {
  /** The sentence's box (all its lines). */
  anchor: Box;
  /** The card's size. */
  card: { width: number; height: number };
  viewport: { width: number; height: number };
  /** Where across to start (the click); the sentence's left edge by default. */
  x?: number;
}

export interface CardPlacement {
  left: number;
  top: number;
  side: 'below' | 'above';
}

/** Space between the sentence and the card. */
export const CARD_GAP = 8;
/** The least distance kept from the viewport's edges. */
export const VIEWPORT_MARGIN = 8;

export function placeCard({ anchor, card, viewport, x }: CardPlacementInput): CardPlacement {
  const roomBelow = viewport.height - VIEWPORT_MARGIN - (anchor.bottom + CARD_GAP);
  const roomAbove = anchor.top - CARD_GAP - VIEWPORT_MARGIN;
  const side = card.height <= roomBelow || (card.height > roomAbove && roomBelow >= roomAbove) ? 'below' : 'above';
  const top = side === 'below' ? anchor.bottom + CARD_GAP : anchor.top - CARD_GAP - card.height;
  const widest = viewport.width - VIEWPORT_MARGIN - card.width;
  const left = Math.max(VIEWPORT_MARGIN, Math.min(x ?? anchor.left, widest));
  return { left, top, side };
}
