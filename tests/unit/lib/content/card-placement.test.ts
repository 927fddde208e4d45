import { describe, expect, it } from 'vitest';

import { CARD_GAP, placeCard, VIEWPORT_MARGIN } from '../../../../lib/content/card-placement';

const viewport = { width: 1000, height: 800 };
const card = { width: 320, height: 200 };
const overlaps = (a: { top: number; bottom: number }, top: number, height: number) =>
  top < a.bottom && top + height > a.top;

describe('where the in-page card goes', () => {
  it('goes below the sentence when it fits there, never over it', () => {
    const anchor = { left: 100, top: 100, right: 600, bottom: 140 };
    const place = placeCard({ anchor, card, viewport, x: 250 });
    expect(place).toEqual({ left: 250, top: 140 + CARD_GAP, side: 'below' });
    expect(overlaps(anchor, place.top, card.height)).toBe(false);
  });

  it('flips above the sentence at the bottom edge of the viewport', () => {
    const anchor = { left: 100, top: 650, right: 600, bottom: 700 };
    const place = placeCard({ anchor, card, viewport });
    expect(place).toEqual({ left: 100, top: 650 - CARD_GAP - 200, side: 'above' });
    expect(overlaps(anchor, place.top, card.height)).toBe(false);
  });

  it('takes the side with more room when it fits on neither, still beside the sentence', () => {
    const tall = { width: 320, height: 500 };
    const nearTop = { left: 0, top: 250, right: 600, bottom: 330 };
    expect(placeCard({ anchor: nearTop, card: tall, viewport }).side).toBe('below');
    const nearBottom = { left: 0, top: 450, right: 600, bottom: 530 };
    const above = placeCard({ anchor: nearBottom, card: tall, viewport });
    expect(above.side).toBe('above');
    expect(overlaps(nearBottom, above.top, tall.height)).toBe(false);
  });

  it('stays inside the viewport across', () => {
    const anchor = { left: 900, top: 100, right: 990, bottom: 120 };
    expect(placeCard({ anchor, card, viewport, x: 950 }).left).toBe(1000 - VIEWPORT_MARGIN - 320);
    expect(placeCard({ anchor: { ...anchor, left: -40 }, card, viewport }).left).toBe(VIEWPORT_MARGIN);
  });
});
