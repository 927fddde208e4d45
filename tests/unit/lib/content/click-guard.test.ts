// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';

import { clickCounts, MIN_SHOWN_MS } from '../../../../lib/content/click-guard';
import { createShadowHost } from '../../../../lib/content/shadow-host';
import { putOnScreen } from './user-click';

afterEach(() => {
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
  document.documentElement.style.opacity = '';
});

/** A button of ours on screen, and a trusted click at its centre (or at `at`). */
function setUp() {
  const { host, root } = createShadowHost(document, 'check-selection', '');
  const button = document.createElement('button');
  root.append(button);
  const centre = putOnScreen(button);
  const click = (init: MouseEventInit & { trusted?: boolean } = {}) => {
    const { trusted = true, ...rest } = init;
    const event = new MouseEvent('click', { clientX: centre.x, clientY: centre.y, detail: 1, ...rest });
    if (trusted) Object.defineProperty(event, 'isTrusted', { value: true });
    return event;
  };
  return { host, root, button, click };
}

const SHOWN_AT = 1_000;
const LATER = SHOWN_AT + MIN_SHOWN_MS;

describe('a click on our in-page control counts only as the reader aiming at a control they could see', () => {
  it('counts a trusted click on a visible control on top, shown long enough', () => {
    const { button, click } = setUp();
    expect(clickCounts(click(), button, SHOWN_AT, LATER)).toBe(true);
  });

  it('does not count a click the page made', () => {
    const { button, click } = setUp();
    expect(clickCounts(click({ trusted: false }), button, SHOWN_AT, LATER)).toBe(false);
  });

  it('does not count a click on a control that has only just appeared (under a pointer about to click)', () => {
    const { button, click } = setUp();
    expect(clickCounts(click(), button, SHOWN_AT, LATER - 1)).toBe(false);
    expect(clickCounts(click(), button, SHOWN_AT, SHOWN_AT)).toBe(false);
  });

  it('does not count a click on a control the page made invisible', () => {
    const { host, button, click } = setUp();
    host.style.opacity = '0';
    expect(clickCounts(click(), button, SHOWN_AT, LATER)).toBe(false);
    host.style.opacity = '';
    host.style.visibility = 'hidden';
    expect(clickCounts(click(), button, SHOWN_AT, LATER)).toBe(false);
    host.style.visibility = '';
    host.style.filter = 'opacity(0)';
    expect(clickCounts(click(), button, SHOWN_AT, LATER)).toBe(false);
    host.style.filter = '';
    expect(clickCounts(click(), button, SHOWN_AT, LATER)).toBe(true);
  });

  it('does not count a click when the page faded a whole ancestor (<html> at 0.02: each element still "visible")', () => {
    const { button, click } = setUp();
    document.documentElement.style.opacity = '0.02';
    expect(clickCounts(click(), button, SHOWN_AT, LATER)).toBe(false);
  });

  it('does not count a click on a control shrunk out of sight', () => {
    const { button, click } = setUp();
    button.getBoundingClientRect = () => new DOMRect(10, 40, 2, 2);
    expect(clickCounts(click(), button, SHOWN_AT, LATER)).toBe(false);
  });

  it('does not count a click on a control the page covered', () => {
    const { button, click } = setUp();
    const cover = document.body.appendChild(document.createElement('div'));
    document.elementFromPoint = () => cover;
    expect(clickCounts(click(), button, SHOWN_AT, LATER)).toBe(false);
    cover.remove();
  });

  it('does not count a click that landed beside the control', () => {
    const { button, click } = setUp();
    expect(clickCounts(click({ clientX: 400, clientY: 400 }), button, SHOWN_AT, LATER)).toBe(false);
  });

  it('tests the centre for a click from the keyboard (Enter/Space has no pointer position)', () => {
    const { button, click } = setUp();
    expect(clickCounts(click({ clientX: 0, clientY: 0, detail: 0 }), button, SHOWN_AT, LATER)).toBe(true);
    button.getBoundingClientRect = () => new DOMRect(500, 500, 80, 24); // moved off the spot the hit test knows
    expect(clickCounts(click({ clientX: 0, clientY: 0, detail: 0 }), button, SHOWN_AT, LATER)).toBe(false);
  });
});
