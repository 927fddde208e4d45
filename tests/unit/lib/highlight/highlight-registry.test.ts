// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  createHighlightLayer,
  HIGHLIGHT_NAMES,
  type HighlightApi,
  highlightApiOf,
} from '../../../../lib/highlight/highlight-registry';
import { FakeHighlight, type FakeRegistry, installHighlightPolyfill } from './highlight-polyfill';

let polyfill: { registry: FakeRegistry; uninstall: () => void };
let api: HighlightApi;

function rangeOver(text: string, parent: Node = document.body): Range {
  const node = document.createTextNode(text);
  parent.appendChild(node);
  const range = document.createRange();
  range.selectNodeContents(node);
  return range;
}

const ourStyles = (root: ParentNode): number => root.querySelectorAll('style[data-factlight]').length;

beforeEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  polyfill = installHighlightPolyfill();
  const found = highlightApiOf(globalThis);
  if (!found) throw new Error('polyfill installed');
  api = found;
});

afterEach(() => polyfill.uninstall());

describe('highlightApiOf', () => {
  it('reports a missing API as null, so the caller can list spans instead of drawing them', () => {
    polyfill.uninstall();
    expect(highlightApiOf(globalThis)).toBeNull();
    polyfill = installHighlightPolyfill();
  });
});

describe('the highlight layer', () => {
  it('registers one named highlight per band, worst band painted on top', () => {
    createHighlightLayer(document, api);
    expect([...polyfill.registry.keys()].sort()).toEqual([
      'factlight-green',
      'factlight-grey',
      'factlight-orange',
      'factlight-red',
      'factlight-sources',
      'factlight-unknown',
    ]);
    expect(polyfill.registry.get('factlight-red')?.priority).toBeGreaterThan(
      polyfill.registry.get('factlight-green')?.priority ?? 9,
    );
  });

  it('adds and removes ranges per band and per check', () => {
    const layer = createHighlightLayer(document, api);
    const [a, b, c] = [rangeOver('alpha'), rangeOver('beta'), rangeOver('gamma')];
    layer.add({ checkId: 'c1', spanId: 's1', band: 'red', range: a });
    layer.add({ checkId: 'c1', spanId: 's2', band: 'green', range: b });
    layer.add({ checkId: 'c2', spanId: 's1', band: 'red', range: c });
    const red = polyfill.registry.get(HIGHLIGHT_NAMES.red);
    expect([...(red ?? [])]).toEqual([a, c]);
    expect([...(polyfill.registry.get(HIGHLIGHT_NAMES.green) ?? [])]).toEqual([b]);

    // The same span again with another verdict moves to the other band.
    layer.add({ checkId: 'c1', spanId: 's2', band: 'orange', range: b });
    expect(polyfill.registry.get(HIGHLIGHT_NAMES.green)?.size).toBe(0);
    expect(polyfill.registry.get(HIGHLIGHT_NAMES.orange)?.has(b)).toBe(true);

    layer.removeCheck('c1');
    expect([...(red ?? [])]).toEqual([c]);
    expect(polyfill.registry.get(HIGHLIGHT_NAMES.orange)?.size).toBe(0);
    layer.remove('c2', 's1');
    expect(red?.size).toBe(0);
    expect(layer.spans()).toEqual([]);
  });

  it('clears and disposes only its own highlights, never foreign ones', () => {
    const foreign = new FakeHighlight(rangeOver('page highlight'));
    polyfill.registry.set('page-search-hit', foreign);
    const layer = createHighlightLayer(document, api);
    layer.add({ checkId: 'c1', spanId: 's1', band: 'grey', range: rangeOver('ours') });
    layer.clear();
    expect(polyfill.registry.get('page-search-hit')).toBe(foreign);
    expect(foreign.size).toBe(1);
    expect(polyfill.registry.get(HIGHLIGHT_NAMES.grey)?.size).toBe(0);
    expect(polyfill.registry.size).toBe(7);

    // Another instance took over one of the names: dispose leaves that one alone.
    const successor = new FakeHighlight();
    polyfill.registry.set(HIGHLIGHT_NAMES.unknown, successor);
    layer.dispose();
    expect([...polyfill.registry.keys()].sort()).toEqual([HIGHLIGHT_NAMES.unknown, 'page-search-hit']);
    expect(polyfill.registry.get(HIGHLIGHT_NAMES.unknown)).toBe(successor);
    expect(ourStyles(document)).toBe(0);
  });

  it('puts its highlight back when a page script cleared the registry', () => {
    const layer = createHighlightLayer(document, api);
    polyfill.registry.clear();
    const range = rangeOver('after clear');
    layer.add({ checkId: 'c', spanId: 's', band: 'green', range });
    expect(polyfill.registry.get(HIGHLIGHT_NAMES.green)?.has(range)).toBe(true);
  });

  it('installs its stylesheet once in the head and once in each shadow root with highlighted text', () => {
    const layer = createHighlightLayer(document, api);
    createHighlightLayer(document, api);
    expect(ourStyles(document.head)).toBe(1);
    const style = document.head.querySelector('style[data-factlight]');
    expect(style?.textContent).toContain('::highlight(factlight-red)');
    expect(style?.textContent).toContain('text-decoration: underline wavy');

    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    layer.add({ checkId: 'c', spanId: 'a', band: 'red', range: rangeOver('shadow one', shadow) });
    layer.add({ checkId: 'c', spanId: 'b', band: 'green', range: rangeOver('shadow two', shadow) });
    expect(ourStyles(shadow)).toBe(1);
    expect(shadow.querySelector('style[data-factlight]')?.textContent).toContain('::highlight(factlight-green)');
    // The component re-renders and drops our <style>: the next span drawn there brings it back.
    shadow.querySelector('style[data-factlight]')?.remove();
    layer.add({ checkId: 'c', spanId: 'c', band: 'grey', range: rangeOver('shadow three', shadow) });
    expect(ourStyles(shadow)).toBe(1);
    layer.dispose();
    expect(ourStyles(shadow)).toBe(0);
  });
});
