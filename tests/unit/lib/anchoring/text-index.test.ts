// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';

import { buildTextIndex, offsetOfPoint, pointAtOffset } from '../../../../lib/anchoring/text-index';

/** Builds an element from a tag, attributes and children, without HTML strings. */
function h(tag: string, attributes: Record<string, string>, ...children: Array<Node | string>): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

beforeEach(() => {
  document.body.replaceChildren();
});

describe('text index', () => {
  it('skips scripts, styles, templates, hidden elements and closed <details> bodies', () => {
    const root = h(
      'article',
      {},
      h('p', {}, 'Visible ', h('script', {}, 'var secret = 1;'), h('style', {}, 'p{}'), 'text'),
      h('noscript', {}, 'enable JS'),
      h('template', {}, 'tpl'),
      h('p', { hidden: '' }, 'hidden attr'),
      h('p', { style: 'display: none' }, 'display none'),
      h('details', {}, h('summary', {}, ' Summary'), h('p', {}, 'folded body')),
    );
    document.body.append(root);
    expect(buildTextIndex(root).text).toBe('Visible text Summary');
  });

  it('maps element boundary points and points in skipped content without widening ranges', () => {
    const script = h('script', {}, 'ignored()');
    const root = h('p', {}, 'One ', script, h('b', {}, 'two'), ' three');
    document.body.append(root);
    const index = buildTextIndex(root);
    expect(offsetOfPoint(index, root, 0)).toBe(0);
    expect(offsetOfPoint(index, root, 2)).toBe(4); // before <b>
    expect(offsetOfPoint(index, root, root.childNodes.length)).toBe(index.text.length);
    expect(offsetOfPoint(index, script.firstChild as Text, 3)).toBe(4);
    expect(offsetOfPoint(index, document.createTextNode('elsewhere'), 0)).toBeNull();
    // At a junction, a start goes into the next node and an end stays in the previous one.
    expect(pointAtOffset(index, 4, 'start')?.node.data).toBe('two');
    expect(pointAtOffset(index, 4, 'end')?.node.data).toBe('One ');
  });
});
