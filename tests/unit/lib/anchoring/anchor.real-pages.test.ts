// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';

import { anchor, locate } from '../../../../lib/anchoring/anchor';
import { describeRange } from '../../../../lib/anchoring/describe';
import { type CaptureSelectors, isOrphaned, type Orphaned } from '../../../../lib/anchoring/selectors';
import { buildTextIndex } from '../../../../lib/anchoring/text-index';
import { MIN_QUOTE_SCORE } from '../../../../lib/text/match-quote';
import { collapse, mountReadabilityPage, random, sampleRange } from './load-page';

/** News (ars-1, nytimes-1), a tech blog with code (v8-blog) and a long Wikipedia article (wikipedia-2). */
const PAGES = ['ars-1', 'v8-blog', 'nytimes-1', 'wikipedia-2'] as const;
const SAMPLES = 12;

interface Sample {
  range: Range;
  text: string;
  paragraph: Element;
  selectors: CaptureSelectors;
}

/** Ranges of 4-15 words inside the page's longer paragraphs, described against the unchanged page. */
function samples(body: HTMLElement, seed: number): Sample[] {
  const next = random(seed);
  const paragraphs = Array.from(body.querySelectorAll('p')).filter((p) => collapse(p.textContent ?? '').length > 150);
  expect(paragraphs.length, 'page has long paragraphs').toBeGreaterThan(3);
  const index = buildTextIndex(body);
  const result: Sample[] = [];
  while (result.length < SAMPLES) {
    const paragraph = paragraphs[Math.floor(next() * paragraphs.length)];
    const range = paragraph ? sampleRange(paragraph, next, 4 + Math.floor(next() * 12)) : null;
    if (!paragraph || !range) continue;
    const selectors = describeRange(body, range, index);
    if (!selectors) throw new Error('a range of visible text must be describable');
    result.push({ range, text: range.toString(), paragraph, selectors });
  }
  return result;
}

function expectRange(value: Range | Orphaned): Range {
  if (isOrphaned(value)) throw new Error(`expected a range, got ${JSON.stringify(value)}`);
  return value;
}

// Whole real pages (wikipedia-2 is 1 MB) under happy-dom take seconds per test on a busy machine, not 5.
describe.each(PAGES)('anchoring on the real page %s', { timeout: 60_000 }, (name) => {
  it('describes and re-anchors ranges to the very same boundaries, with and without the position', () => {
    const body = mountReadabilityPage(name);
    const index = buildTextIndex(body);
    for (const sample of samples(body, 7)) {
      expect(sample.selectors.quote.exact).toBe(sample.text);
      expect(sample.selectors.quote.prefix?.length).toBeGreaterThan(0);
      for (const selectors of [sample.selectors, { quote: sample.selectors.quote }]) {
        const range = expectRange(anchor(body, selectors, { index }));
        expect(range.startContainer).toBe(sample.range.startContainer);
        expect(range.startOffset).toBe(sample.range.startOffset);
        expect(range.endContainer).toBe(sample.range.endContainer);
        expect(range.endOffset).toBe(sample.range.endOffset);
      }
    }
  });

  it('re-anchors after the page re-flows its text: split nodes, doubled spaces, newlines, content above', () => {
    const body = mountReadabilityPage(name);
    const taken = samples(body, 11);
    // Re-render: every text node in the sampled paragraphs is split in two and its spaces widened, and a
    // banner is inserted at the top, shifting every position.
    for (const { paragraph } of taken) {
      const walker = document.createTreeWalker(paragraph, 4);
      const texts: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
      for (const text of texts) {
        text.data = text.data.replace(/ /gu, ' \n  ');
        if (text.data.length > 8) text.splitText(Math.floor(text.data.length / 2));
      }
    }
    const banner = document.createElement('div');
    banner.textContent = 'Breaking: this banner was added after the text was captured. '.repeat(3);
    body.prepend(banner);

    const index = buildTextIndex(body);
    for (const sample of taken) {
      const located = locate(index, sample.selectors);
      if (isOrphaned(located)) throw new Error(`"${sample.text}" orphaned after a re-flow`);
      expect(located.score).toBeGreaterThanOrEqual(MIN_QUOTE_SCORE);
      const range = expectRange(anchor(body, sample.selectors, { index }));
      expect(collapse(range.toString())).toBe(collapse(sample.text));
      expect(sample.paragraph.contains(range.startContainer)).toBe(true);
    }
  });

  it('anchors slightly edited text at the same place: a word changed, a character deleted', () => {
    const body = mountReadabilityPage(name);
    const next = random(23);
    // Quotes inside one text node, so the edit is plain string work on that node.
    const nodes = Array.from(body.querySelectorAll('p'))
      .flatMap((p) => Array.from(p.childNodes))
      .filter((node): node is Text => node.nodeType === 3 && (node as Text).data.trim().split(/\s+/u).length >= 14);
    expect(nodes.length).toBeGreaterThan(4);
    for (let k = 0; k < 8; k += 1) {
      const node = nodes[Math.floor(next() * nodes.length)];
      if (!node) continue;
      const words = [...node.data.matchAll(/\S+/gu)];
      const first = words[0];
      const last = words[Math.min(words.length - 1, 11)];
      if (!first || !last || first.index === undefined || last.index === undefined) continue;
      const start = first.index;
      const end = last.index + last[0].length;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      const selectors = describeRange(body, range);
      if (!selectors) throw new Error('describable');

      const quote = node.data.slice(start, end);
      const middle = words[5];
      if (!middle || middle.index === undefined) continue;
      const at = middle.index - start;
      const edited =
        k % 2 === 0
          ? `${quote.slice(0, at)}zebra${quote.slice(at + middle[0].length)}` // a word changed
          : `${quote.slice(0, at + 1)}${quote.slice(at + 2)}`; // a character deleted
      const original = node.data;
      node.data = node.data.slice(0, start) + edited + node.data.slice(end);

      const index = buildTextIndex(body);
      const located = locate(index, selectors);
      if (isOrphaned(located)) throw new Error(`"${quote}" → "${edited}" orphaned`);
      expect(located.method).toBe('fuzzy');
      expect(located.score).toBeGreaterThanOrEqual(MIN_QUOTE_SCORE);
      const anchored = expectRange(anchor(body, selectors, { index }));
      expect(anchored.startContainer).toBe(node);
      expect(anchored.toString()).toBe(edited);
      node.data = original;
    }
  });

  it('orphans quotes that are not on the page instead of drawing them elsewhere', () => {
    const body = mountReadabilityPage(name);
    const [sample] = samples(body, 5);
    if (!sample) throw new Error('no sample');
    const foreign = 'The committee postponed its vote on the harbour expansion until the spring session.';
    expect(anchor(body, { quote: { type: 'TextQuoteSelector', exact: foreign } })).toEqual({
      orphaned: true,
      reason: 'no-match',
    });
    // The paragraph holding a captured quote is removed by the page.
    sample.paragraph.remove();
    expect(anchor(body, sample.selectors)).toEqual({ orphaned: true, reason: 'no-match' });
  });
});
