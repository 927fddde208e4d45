// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { announcement, installHighlightKeys, type ReachableHighlight } from '../../../../lib/content/highlight-keys';
import { userKey } from './user-click';

let listeners: Array<[string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]> = [];
const realAdd = window.addEventListener.bind(window);
beforeEach(() => {
  document.body.innerHTML = '<p id="a">The tower is 330 m tall.</p><p id="b">It opened in 1889.</p><a href="#x">x</a>';
  listeners = [];
  // Each test installs its own keys: remember the window listeners so they can go afterwards.
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    listeners.push([type, listener, options]);
    realAdd(type, listener, options);
  });
});
afterEach(() => {
  for (const [type, listener, options] of listeners) window.removeEventListener(type, listener, options);
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
});

function highlightOf(id: string, verdict: string): ReachableHighlight {
  const range = document.createRange();
  range.selectNodeContents(document.getElementById(id)!.firstChild!);
  return { id, range, verdict, quote: range.toString() };
}

function setUp(cardOpen = false) {
  // Given out of reading order: the keys sort them.
  const highlights = [highlightOf('b', 'Refuted'), highlightOf('a', 'Supported')];
  const open = vi.fn();
  installHighlightKeys(document, { highlights: () => highlights, open, cardOpen: () => cardOpen });
  const root = document.querySelector('factlight-ui[data-factlight="keyboard"]')!.shadowRoot!;
  const said = () => root.querySelector('[data-testid="factlight-announcer"]')!.textContent;
  const ring = () => root.querySelector<HTMLElement>('[data-testid="factlight-focus-ring"]')!;
  const press = (code: string, init: KeyboardEventInit = {}) =>
    userKey(document.body, 'keydown', { code, key: code.replace('Key', '').toLowerCase(), ...init });
  return { open, said, ring, press, highlights };
}

const next = { altKey: true, shiftKey: true };

describe('the keyboard path through the highlights', () => {
  it('moves to the next and previous highlight in reading order with Alt+Shift+N/P, wrapping round, and says each', () => {
    const { said, ring, press } = setUp();
    expect(ring().hidden).toBe(true);
    const event = press('KeyN', next);
    expect(event.defaultPrevented).toBe(true);
    expect(said()).toBe('Claim 1 of 2: Supported. “The tower is 330 m tall.” Enter opens its card.');
    expect(ring().hidden).toBe(false);
    press('KeyN', next);
    expect(said()).toMatch(/^Claim 2 of 2: Refuted\. “It opened in 1889\.”/);
    press('KeyN', next);
    expect(said()).toMatch(/^Claim 1 of 2: Supported/);
    press('KeyP', next);
    expect(said()).toMatch(/^Claim 2 of 2: Refuted/);
  });

  it('starts from the last highlight with Alt+Shift+P', () => {
    const { said, press } = setUp();
    press('KeyP', next);
    expect(said()).toMatch(/^Claim 2 of 2: Refuted/);
  });

  it('opens the chosen highlight with Enter, keeping the Enter from the page', () => {
    const { open, press, highlights } = setUp();
    press('KeyN', next);
    const enter = userKey(document.body, 'keydown', { key: 'Enter', code: 'Enter' });
    expect(enter.defaultPrevented).toBe(true);
    expect(open).toHaveBeenCalledWith(highlights[1]);
  });

  it('gives Enter back to the page once the reader does anything else', () => {
    const { open, ring, press } = setUp();
    press('KeyN', next);
    userKey(document.body, 'keydown', { key: 'Tab', code: 'Tab' });
    expect(ring().hidden).toBe(true);
    const enter = userKey(document.body, 'keydown', { key: 'Enter', code: 'Enter' });
    expect(enter.defaultPrevented).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });

  it('leaves Enter to an open card', () => {
    const { open, press } = setUp(true);
    press('KeyN', next);
    userKey(document.body, 'keydown', { key: 'Enter', code: 'Enter' });
    expect(open).not.toHaveBeenCalled();
  });

  it('ignores keys the page dispatches', () => {
    const { said } = setUp();
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { code: 'KeyN', key: 'n', altKey: true, shiftKey: true, bubbles: true }),
    );
    expect(said()).toBe('');
  });

  it('shortens a long claim in what it says', () => {
    const long = { id: 'x', range: document.createRange(), verdict: 'Refuted', quote: 'a'.repeat(200) };
    expect(announcement(long, 2, 5)).toBe(`Claim 2 of 5: Refuted. “${'a'.repeat(117)}…” Enter opens its card.`);
  });
});
