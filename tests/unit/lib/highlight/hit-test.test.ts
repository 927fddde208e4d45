// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  createHighlightLayer,
  type HighlightApi,
  highlightApiOf,
  type HighlightLayer,
} from '../../../../lib/highlight/highlight-registry';
import { createHitTester } from '../../../../lib/highlight/hit-test';
import { FakeHighlight, type FakeRegistry, installHighlightPolyfill } from './highlight-polyfill';

let polyfill: { registry: FakeRegistry; uninstall: () => void };
let api: HighlightApi;
let layer: HighlightLayer;
let controller: AbortController;

/** A DOMRect-shaped object; happy-dom computes no layout, so geometry is stubbed. */
function rect(left: number, top: number, width: number, height: number): DOMRect {
  return { left, top, width, height, x: left, y: top, right: left + width, bottom: top + height, toJSON: () => ({}) };
}

/** A range whose `getClientRects` returns the given rects (read through `current` so tests can move it). */
function stubbedRange(current: { rects: DOMRect[] }, calls: { count: number }): Range {
  const node = document.createTextNode('text');
  document.body.append(node);
  const range = document.createRange();
  range.selectNodeContents(node);
  range.getClientRects = () => {
    calls.count += 1;
    return current.rects as unknown as DOMRectList;
  };
  return range;
}

beforeEach(() => {
  document.body.replaceChildren();
  polyfill = installHighlightPolyfill();
  const found = highlightApiOf(globalThis);
  if (!found) throw new Error('polyfill');
  api = found;
  layer = createHighlightLayer(document, api);
  controller = new AbortController();
});

afterEach(() => {
  controller.abort();
  polyfill.uninstall();
});

describe('hit-testing through client rects (no highlightsFromPoint)', () => {
  it('finds the span under a point, the worst band where spans overlap, and nothing elsewhere', () => {
    const calls = { count: 0 };
    // A green claim wrapping over two lines, a red one overlapping its first line, a grey one far below.
    const green = stubbedRange({ rects: [rect(100, 10, 400, 20), rect(0, 30, 150, 20)] }, calls);
    const red = stubbedRange({ rects: [rect(300, 10, 100, 20)] }, calls);
    const grey = stubbedRange({ rects: [rect(0, 900, 80, 20)] }, calls);
    layer.add({ checkId: 'c', spanId: 'green', band: 'green', range: green });
    layer.add({ checkId: 'c', spanId: 'red', band: 'red', range: red });
    layer.add({ checkId: 'c', spanId: 'grey', band: 'grey', range: grey });
    const tester = createHitTester({ view: window, layer, signal: controller.signal });

    expect(tester.at(20, 40)?.spanId).toBe('green'); // second line of the green span
    expect(tester.at(350, 20)?.spanId).toBe('red');
    expect(tester.at(150, 20)?.spanId).toBe('green');
    expect(tester.at(40, 910)?.spanId).toBe('grey');
    expect(tester.at(600, 20)).toBeNull();
    expect(tester.at(20, 500)).toBeNull();
    // The rects were read once, when the index was built, not per query.
    expect(calls.count).toBe(3);

    layer.remove('c', 'red');
    expect(tester.at(350, 20)?.spanId).toBe('green');
  });

  it('rebuilds after scrolling (rects are viewport coordinates)', () => {
    const calls = { count: 0 };
    const current = { rects: [rect(0, 100, 200, 20)] };
    layer.add({ checkId: 'c', spanId: 's', band: 'orange', range: stubbedRange(current, calls) });
    const tester = createHitTester({ view: window, layer, signal: controller.signal });
    expect(tester.at(10, 110)?.spanId).toBe('s');
    current.rects = [rect(0, 40, 200, 20)]; // the page scrolled by 60px
    document.body.dispatchEvent(new Event('scroll')); // an inner scroller: seen in the capture phase
    expect(tester.at(10, 110)).toBeNull();
    expect(tester.at(10, 50)?.spanId).toBe('s');
  });
});

describe('hit-testing with highlightsFromPoint', () => {
  it('maps the ranges it returns to our spans, skipping foreign highlights', () => {
    const calls = { count: 0 };
    const ours = stubbedRange({ rects: [] }, calls);
    const foreignRange = stubbedRange({ rects: [] }, calls);
    layer.add({ checkId: 'c', spanId: 'ours', band: 'orange', range: ours });
    const foreign = new FakeHighlight(foreignRange);
    polyfill.registry.highlightsFromPoint = () => [
      { highlight: foreign, ranges: [foreignRange] },
      { highlight: layer.highlightOf('orange'), ranges: [ours] },
    ];
    const tester = createHitTester({ view: window, layer, api, signal: controller.signal });
    expect(tester.at(5, 5)?.spanId).toBe('ours');
    polyfill.registry.highlightsFromPoint = () => [{ highlight: foreign, ranges: [foreignRange] }];
    expect(tester.at(5, 5)).toBeNull();
    expect(calls.count).toBe(0);
  });

  it('narrows the older result shape (highlights only) with the rects of that band', () => {
    const calls = { count: 0 };
    const left = stubbedRange({ rects: [rect(0, 0, 50, 20)] }, calls);
    const right = stubbedRange({ rects: [rect(60, 0, 50, 20)] }, calls);
    layer.add({ checkId: 'c', spanId: 'left', band: 'red', range: left });
    layer.add({ checkId: 'c', spanId: 'right', band: 'red', range: right });
    polyfill.registry.highlightsFromPoint = () => [layer.highlightOf('red')];
    const tester = createHitTester({ view: window, layer, api, signal: controller.signal });
    expect(tester.at(70, 10)?.spanId).toBe('right');
  });
});
