// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MIN_SHOWN_MS } from '../../../../lib/content/click-guard';
import { createFloatingButton, placeBelow } from '../../../../lib/content/floating-button';
import { putOnScreen, scriptedClick, userClick } from './user-click';

let clock = 0;
beforeEach(() => {
  vi.useFakeTimers();
  clock = 1_000;
});
afterEach(() => {
  vi.useRealTimers();
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
});

/** The button shown for a selection, laid out on screen; `wait` lets the reader see it first. */
function shownButton(onPress: () => void, wait = MIN_SHOWN_MS) {
  createFloatingButton(document, onPress, () => clock).show(new DOMRect(10, 10, 100, 20));
  const host = document.querySelector<HTMLElement>('factlight-ui[data-factlight="check-selection"]')!;
  const button = host.shadowRoot!.querySelector('button')!;
  const centre = putOnScreen(button);
  clock += wait;
  vi.advanceTimersByTime(wait);
  return { host, button, at: { clientX: centre.x, clientY: centre.y } };
}

describe('the floating "Fact-check" button', () => {
  it('starts a check when the user clicks it, and hides', () => {
    const onPress = vi.fn();
    const { button, host, at } = shownButton(onPress);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    userClick(button, at);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onPress.mock.calls[0]).toEqual([{ left: 30, top: 36 }, false]);
    expect(host.style.display).toBe('none');
  });

  it('says when the press came from the keyboard (focus then moves to what replaces it)', () => {
    const onPress = vi.fn();
    const { button } = shownButton(onPress);
    userClick(button, { detail: 0 });
    expect(onPress.mock.calls[0]?.[1]).toBe(true);
  });

  it("ignores a click the page's script makes through our open shadow root (no paid check without the user)", () => {
    const onPress = vi.fn();
    const { button, host } = shownButton(onPress);
    scriptedClick(button);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onPress).not.toHaveBeenCalled();
    expect(host.style.display).toBe('');
  });

  it('ignores a click on a button that has only just appeared, and is aria-disabled until it counts', () => {
    const onPress = vi.fn();
    const { button, at } = shownButton(onPress, MIN_SHOWN_MS - 1);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    userClick(button, at);
    expect(onPress).not.toHaveBeenCalled();
    clock += 1;
    vi.advanceTimersByTime(1);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    userClick(button, at);
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('ignores a click on a button the page made invisible or covered', () => {
    const onPress = vi.fn();
    const { button, host, at } = shownButton(onPress);
    host.style.opacity = '0';
    userClick(button, at);
    host.style.opacity = '';
    const cover = document.body.appendChild(document.createElement('div'));
    document.elementFromPoint = () => cover;
    userClick(button, at);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('starts the wait again when the button is shown anew (moved under the pointer by a new selection)', () => {
    const onPress = vi.fn();
    const button = createFloatingButton(document, onPress, () => clock);
    button.show(new DOMRect(10, 10, 100, 20));
    clock += MIN_SHOWN_MS;
    button.show(new DOMRect(200, 300, 100, 20));
    const control = document.querySelector('factlight-ui')!.shadowRoot!.querySelector('button')!;
    const centre = putOnScreen(control);
    userClick(control, { clientX: centre.x, clientY: centre.y });
    expect(onPress).not.toHaveBeenCalled();
  });

  it('goes below the end of the selection, or at the viewport edge nearest to it when that is out of sight', () => {
    const view = document.defaultView!;
    const [width, height] = [view.innerWidth, view.innerHeight];
    // In sight: just below the selection's end.
    expect(placeBelow(document, new DOMRect(10, 10, 100, 20))).toEqual({ left: 30, top: 36 });
    // Ctrl+A on a long page: the selection ends far below the viewport, so the button sits at its bottom edge.
    expect(placeBelow(document, new DOMRect(0, -500, width, 20_000))).toEqual({
      left: width - 110,
      top: height - 40,
    });
    // A selection scrolled above the viewport: at its top edge.
    expect(placeBelow(document, new DOMRect(0, -900, 40, 20)).top).toBe(4);
  });
});
