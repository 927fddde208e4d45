// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { describeRange } from '../../../../lib/anchoring/describe';
import {
  createHighlightLayer,
  highlightApiOf,
  type HighlightLayer,
  installHighlightStyles,
} from '../../../../lib/highlight/highlight-registry';
import { reanchorSpans, type Scheduler, type StoredSpan, watchForReanchor } from '../../../../lib/highlight/reanchor';
import { installHighlightPolyfill } from './highlight-polyfill';

/** Timers that run only when the test advances the clock. */
class FakeScheduler implements Scheduler {
  private time = 0;
  private nextId = 1;
  private timers = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  now(): number {
    return this.time;
  }
  get pending(): number {
    return this.timers.size;
  }
  /** Moves the clock forward, running due timers in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }
}

let uninstall: () => void;
let layer: HighlightLayer;
let article: HTMLElement;
let spans: StoredSpan[];

function paragraph(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.textContent = text;
  return p;
}

beforeEach(() => {
  document.head.replaceChildren();
  const polyfill = installHighlightPolyfill();
  uninstall = polyfill.uninstall;
  const api = highlightApiOf(globalThis);
  if (!api) throw new Error('polyfill');
  layer = createHighlightLayer(document, api);
  article = document.createElement('article');
  article.append(
    paragraph('The Eiffel Tower is 330 metres tall.'),
    paragraph('It was completed in 1889 for the World Fair.'),
  );
  document.body.replaceChildren(article);
  const selectorsFor = (quote: string) => {
    const text = [...article.querySelectorAll('p')]
      .map((p) => p.firstChild as Text)
      .find((t) => t.data.includes(quote));
    if (!text) throw new Error(quote);
    const range = document.createRange();
    range.setStart(text, text.data.indexOf(quote));
    range.setEnd(text, text.data.indexOf(quote) + quote.length);
    const selectors = describeRange(article, range);
    if (!selectors) throw new Error('describable');
    return selectors;
  };
  spans = [
    { checkId: 'c1', spanId: 'height', band: 'red', selectors: selectorsFor('330 metres tall') },
    { checkId: 'c1', spanId: 'year', band: 'green', selectors: selectorsFor('completed in 1889') },
  ];
  expect(reanchorSpans(article, spans, layer)).toEqual({ anchored: 2, orphaned: [], shadowRoots: [] });
});

afterEach(() => uninstall());

const rangeOf = (spanId: string): AbstractRange | undefined =>
  layer.spans().find((span) => span.spanId === spanId)?.range;

describe('reanchorSpans', () => {
  it('redraws spans on re-rendered nodes and drops the ones whose text is gone', () => {
    const fresh = paragraph('The Eiffel Tower is 330 metres tall.');
    article.firstElementChild?.replaceWith(fresh);
    article.lastElementChild?.remove();
    const result = reanchorSpans(article, spans, layer);
    expect(result).toMatchObject({ anchored: 1, orphaned: [{ checkId: 'c1', spanId: 'year', reason: 'no-match' }] });
    expect(rangeOf('height')?.startContainer).toBe(fresh.firstChild);
    expect(rangeOf('year')).toBeUndefined();
  });
});

describe('watchForReanchor', () => {
  it('re-anchors once the DOM has been quiet for the delay, then stops after disconnect', () => {
    const scheduler = new FakeScheduler();
    let runs = 0;
    const watcher = watchForReanchor({
      root: article,
      scheduler,
      onChange: () => {
        runs += 1;
        reanchorSpans(article, spans, layer);
      },
    });

    const fresh = paragraph('The Eiffel Tower is 330 metres tall.');
    article.firstElementChild?.replaceWith(fresh); // a framework re-render: same text, new nodes
    watcher.takeRecords();
    expect(scheduler.pending).toBe(1);
    scheduler.advance(249);
    expect(runs).toBe(0);
    scheduler.advance(1);
    expect(runs).toBe(1);
    expect(rangeOf('height')?.startContainer).toBe(fresh.firstChild);

    watcher.disconnect();
    article.append(paragraph('More text.'));
    watcher.takeRecords();
    scheduler.advance(5000);
    expect(runs).toBe(1);
  });

  it('debounces bursts, but re-anchors at least every maxWait while text keeps streaming', () => {
    const scheduler = new FakeScheduler();
    const runsAt: number[] = [];
    const watcher = watchForReanchor({
      root: article,
      scheduler,
      delayMs: 250,
      maxWaitMs: 1000,
      onChange: () => runsAt.push(scheduler.now()),
    });
    const streamed = article.appendChild(paragraph('Streaming'));
    for (let k = 0; k < 20; k += 1) {
      (streamed.firstChild as Text).appendData(' token');
      watcher.takeRecords();
      scheduler.advance(100);
    }
    // Changes every 100 ms from t=0 to t=1900: without maxWait nothing would run until 2150.
    expect(runsAt).toEqual([1000, 2000]);
    (streamed.firstChild as Text).appendData(' last');
    watcher.takeRecords();
    scheduler.advance(1000);
    expect(runsAt).toEqual([1000, 2000, 2250]);
    watcher.disconnect();
  });

  it('cancels a pending re-anchor on disconnect, and ignores its own style elements', () => {
    const scheduler = new FakeScheduler();
    let runs = 0;
    const host = document.createElement('div');
    article.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const watcher = watchForReanchor({
      root: article,
      scheduler,
      onChange: () => {
        runs += 1;
      },
    });
    watcher.takeRecords();
    scheduler.advance(1000);
    runs = 0;
    watcher.watch(shadow);
    installHighlightStyles(shadow); // our own insertion: no re-anchor
    watcher.takeRecords();
    expect(scheduler.pending).toBe(0);
    shadow.append('text rendered by the component');
    watcher.takeRecords();
    expect(scheduler.pending).toBe(1);
    watcher.disconnect();
    expect(scheduler.pending).toBe(0);
    scheduler.advance(1000);
    expect(runs).toBe(0);
  });
});
