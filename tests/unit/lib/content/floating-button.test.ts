// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFloatingButton } from '../../../../lib/content/floating-button';
import { scriptedClick, userClick } from './user-click';

afterEach(() => {
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
});

function shownButton(onPress: () => void): { button: HTMLButtonElement; host: HTMLElement } {
  createFloatingButton(document, onPress).show(new DOMRect(10, 10, 100, 20));
  const host = document.querySelector<HTMLElement>('factlight-ui[data-factlight="check-selection"]')!;
  return { host, button: host.shadowRoot!.querySelector('button')! };
}

describe('the floating "Fact-check" button', () => {
  it('starts a check when the user clicks it, and hides', () => {
    const onPress = vi.fn();
    const { button, host } = shownButton(onPress);
    userClick(button);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(host.style.display).toBe('none');
  });

  it("ignores a click the page's script makes through our open shadow root (no paid check without the user)", () => {
    const onPress = vi.fn();
    const { button, host } = shownButton(onPress);
    scriptedClick(button);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onPress).not.toHaveBeenCalled();
    expect(host.style.display).toBe('');
  });
});
