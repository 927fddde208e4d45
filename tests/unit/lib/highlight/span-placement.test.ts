// @vitest-environment happy-dom
/**
 * A check drawn while its text was out of the page (a chat list that had scrolled the reply away) places nothing, and
 * places its spans once the text is back; spans placed and then taken away come back with their text, and nothing is
 * ever drawn on other text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { describeRange } from '../../../../lib/anchoring/describe';
import type { CaptureSelectors } from '../../../../lib/anchoring/selectors';
import {
  createHighlightLayer,
  highlightApiOf,
  type HighlightLayer,
} from '../../../../lib/highlight/highlight-registry';
import { createSpanPlacement, type PlacedDrawing } from '../../../../lib/highlight/span-placement';
import { installHighlightPolyfill } from './highlight-polyfill';

const TEXT = 'The Eiffel Tower is 330 metres tall. It was completed in 1889.';

let uninstall: () => void;
let layer: HighlightLayer;
let reply: HTMLElement;
let drawing: PlacedDrawing;

beforeEach(() => {
  document.head.replaceChildren();
  uninstall = installHighlightPolyfill().uninstall;
  layer = createHighlightLayer(document, highlightApiOf(globalThis)!);
  reply = Object.assign(document.createElement('div'), { textContent: TEXT });
  document.body.replaceChildren(Object.assign(document.createElement('p'), { textContent: 'Earlier turn.' }), reply);
  const capture = captureOf(reply);
  const at = (words: string) => ({ start: TEXT.indexOf(words), end: TEXT.indexOf(words) + words.length });
  drawing = {
    checkId: 'c1',
    text: TEXT,
    capture,
    spans: [
      { claimId: 'height', band: 'green', ...at('330 metres tall') },
      { claimId: 'year', band: 'red', ...at('completed in 1889') },
    ],
  };
});
afterEach(() => uninstall());

/** Where an element's text is in the page, as a capture describes it. */
function captureOf(element: Element): CaptureSelectors {
  const range = document.createRange();
  range.selectNodeContents(element);
  return describeRange(document.body, range)!;
}

/** The text each drawn span covers, by claim. */
const drawn = () => Object.fromEntries(layer.spans().map((span) => [span.spanId, (span.range as Range).toString()]));

describe('span placement', () => {
  it('places the spans it finds and says which it did not', () => {
    const placement = createSpanPlacement(document.body, layer);
    reply.textContent = 'The Eiffel Tower is 330 metres tall. It was finished later.';
    expect(placement.draw(drawing)).toEqual({ notFound: ['year'] });
    expect(drawn()).toEqual({ height: '330 metres tall' });
    expect(placement.anyPlaced()).toBe(true);
  });

  it('places the spans of a text that was out of the page once it is back, and says so once', () => {
    const placement = createSpanPlacement(document.body, layer);
    reply.remove();
    expect(placement.draw(drawing)).toEqual({ notFound: ['height', 'year'] });
    expect(placement.anyPlaced()).toBe(false);
    // The page changes elsewhere: still nothing to place.
    document.body.append(Object.assign(document.createElement('p'), { textContent: 'A new turn.' }));
    expect(placement.refresh()).toEqual({ placed: false, textReturned: false });
    expect(drawn()).toEqual({});

    // The list scrolls the reply back: a new node with the same words.
    document.body.append(Object.assign(document.createElement('div'), { textContent: TEXT }));
    expect(placement.refresh()).toEqual({ placed: true, textReturned: true });
    expect(placement.notFound()).toEqual([]);
    expect(drawn()).toEqual({ height: '330 metres tall', year: 'completed in 1889' });
    expect(placement.refresh()).toEqual({ placed: false, textReturned: false });
  });

  it('does not try again, on each change of the page, a claim not found while its text was there', () => {
    const placement = createSpanPlacement(document.body, layer);
    // A claim with no words to look for (an empty span): not found, with its text on the page.
    const blank = { claimId: 'blank', band: 'grey' as const, start: 36, end: 37 };
    expect(placement.draw({ ...drawing, spans: [...drawing.spans, blank] })).toEqual({ notFound: ['blank'] });
    const tried = vi.spyOn(layer, 'remove');
    document.body.append(Object.assign(document.createElement('p'), { textContent: 'A new turn.' }));
    expect(placement.refresh()).toEqual({ placed: false, textReturned: false });
    expect(tried).not.toHaveBeenCalledWith('c1', 'blank');
    expect(drawn()).toEqual({ height: '330 metres tall', year: 'completed in 1889' });
  });

  it('tries the unfound again only once the drawn text is back word for word, not on text rewritten meanwhile', () => {
    const placement = createSpanPlacement(document.body, layer);
    reply.remove();
    placement.draw(drawing);
    // Back, but edited: its first claim's words are there, the text as drawn is not.
    document.body.append(
      Object.assign(document.createElement('div'), { textContent: 'The Eiffel Tower is 330 metres tall. It is old.' }),
    );
    expect(placement.refresh()).toEqual({ placed: false, textReturned: false });
    expect(drawn()).toEqual({});
    expect(placement.notFound()).toEqual(['height', 'year']);
  });

  it('takes placed spans off with their text and puts them back with it, never counting them as not shown', () => {
    const placement = createSpanPlacement(document.body, layer);
    expect(placement.draw(drawing)).toEqual({ notFound: [] });
    reply.remove();
    expect(placement.refresh()).toEqual({ placed: false, textReturned: false });
    expect(drawn()).toEqual({});
    expect(placement.notFound()).toEqual([]);
    document.body.append(reply);
    expect(placement.refresh()).toEqual({ placed: false, textReturned: true });
    expect(drawn()).toEqual({ height: '330 metres tall', year: 'completed in 1889' });
  });

  it('forgets the drawing when cleared: nothing is placed again later', () => {
    const placement = createSpanPlacement(document.body, layer);
    reply.remove();
    placement.draw(drawing);
    placement.clear();
    document.body.append(reply);
    expect(placement.refresh()).toEqual({ placed: false, textReturned: false });
    expect(drawn()).toEqual({});
    expect(placement.notFound()).toEqual([]);
  });
});
