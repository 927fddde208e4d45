// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';

import { anchor } from '../../../../lib/anchoring/anchor';
import { describeRange } from '../../../../lib/anchoring/describe';
import { isOrphaned, textQuote } from '../../../../lib/anchoring/selectors';
import { buildTextIndex } from '../../../../lib/anchoring/text-index';
import { mountReadabilityPage } from './load-page';

/** Builds an element from a tag, attributes and children, without HTML strings. */
function h(tag: string, attributes: Record<string, string>, ...children: Array<Node | string>): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

function rangeOf(value: ReturnType<typeof anchor>): Range {
  if (isOrphaned(value)) throw new Error(`orphaned: ${value.reason}`);
  return value;
}

beforeEach(() => {
  document.body.replaceChildren();
});

describe('anchoring across element structure', () => {
  it('anchors text split across many inline elements', () => {
    const root = h(
      'p',
      {},
      'The ',
      h('a', { href: '#' }, h('b', {}, 'Eif'), h('i', {}, 'fel')),
      ' ',
      h('span', {}, 'Tow', h('em', {}, 'er'), h('sup', {}, '[1]')),
      ' is ',
      h('mark', {}, '3', h('span', {}, '30'), ' m'),
      ' tall.',
    );
    document.body.append(root);
    const range = rangeOf(anchor(document.body, { quote: textQuote('Eiffel Tower[1] is 330 m tall') }));
    expect(range.toString()).toBe('Eiffel Tower[1] is 330 m tall');
    expect((range.startContainer as Text).data).toBe('Eif');
    expect((range.endContainer as Text).data).toBe(' tall.');
    // Round trip through describe.
    const selectors = describeRange(document.body, range);
    expect(selectors?.quote).toMatchObject({ exact: 'Eiffel Tower[1] is 330 m tall', prefix: 'The ', suffix: '.' });
  });

  it('anchors text inside an open shadow root, including slotted light DOM', () => {
    const host = h('fact-card', {});
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.append(h('p', {}, 'Shadow text: the ', h('strong', {}, 'Moon'), ' is 384,400 km away. '), h('slot', {}));
    host.append('Light text slotted into the card.');
    document.body.append(h('p', {}, 'Before the card.'), host, h('p', {}, 'After the card.'));

    const index = buildTextIndex(document.body);
    expect(index.shadowRoots).toEqual([shadow]);
    expect(index.text).toContain('Moon is 384,400 km away. Light text slotted');
    const moon = rangeOf(anchor(document.body, { quote: textQuote('the Moon is 384,400 km away') }, { index }));
    expect(moon.startContainer.getRootNode()).toBe(shadow);
    expect(moon.toString()).toBe('the Moon is 384,400 km away');
    const slotted = rangeOf(anchor(document.body, { quote: textQuote('slotted into the card') }, { index }));
    expect(slotted.toString()).toBe('slotted into the card');
    // Describing a range in the shadow tree round-trips.
    const selectors = describeRange(document.body, moon, index);
    expect(selectors?.quote.prefix).toContain('Before the card.Shadow text:');
    expect(rangeOf(anchor(document.body, selectors ?? { quote: textQuote('') })).toString()).toBe(
      'the Moon is 384,400 km away',
    );
  });

  it('moves a real paragraph into a shadow root and still anchors quotes from it', () => {
    const body = mountReadabilityPage('ars-1');
    const paragraph = Array.from(body.querySelectorAll('p')).find((p) => (p.textContent ?? '').length > 200);
    if (!paragraph) throw new Error('ars-1 has long paragraphs');
    const words = (paragraph.textContent ?? '').trim().split(/\s+/u);
    const quote = words.slice(3, 13).join(' ');
    const host = h('article-body', {});
    paragraph.replaceWith(host);
    host.attachShadow({ mode: 'open' }).append(paragraph);
    const range = rangeOf(anchor(body, { quote: textQuote(quote) }));
    expect(range.toString().replace(/\s+/gu, ' ')).toBe(quote);
    expect(range.startContainer.getRootNode()).toBe(host.shadowRoot);
  });

  it('orphans a match that would cross a shadow boundary rather than draw a collapsed range', () => {
    const host = h('x-box', {});
    host.attachShadow({ mode: 'open' }).append('inside the shadow');
    document.body.append(h('p', {}, 'outside text, then '), host);
    expect(anchor(document.body, { quote: textQuote('then inside') })).toEqual({
      orphaned: true,
      reason: 'crosses-shadow-boundary',
    });
  });

  it('orphans empty quotes', () => {
    document.body.append(h('p', {}, 'Some text.'));
    expect(anchor(document.body, { quote: textQuote('   ') })).toEqual({ orphaned: true, reason: 'empty-quote' });
  });
});
