// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPageCard } from '../../../lib/content/page-card';
import type { PageSpan } from '../../../lib/messaging/protocol';
import { scriptedClick, userClick } from './user-click';

const SPAN: PageSpan = { claimId: 'claim-1', start: 0, end: 24, quote: 'The tower is 330 m tall.', band: 'green', verdict: 'Supported', explanation: 'The operator lists 330 m.' };

afterEach(() => {
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
});

function openButton(onOpen: (claimId: string) => void): HTMLButtonElement {
  createPageCard(document, onOpen).show(SPAN, 20, 20);
  const root = document.querySelector<HTMLElement>('factlight-ui[data-factlight="card"]')!.shadowRoot!;
  return Array.from(root.querySelectorAll('button')).find((button) => button.textContent === 'Open in side panel')!;
}

describe('the in-page card of a highlight', () => {
  it('"Open in side panel" opens the claim when the user clicks it', () => {
    const onOpen = vi.fn();
    userClick(openButton(onOpen));
    expect(onOpen).toHaveBeenCalledWith('claim-1');
  });

  it('ignores a click the page\'s script makes on "Open in side panel"', () => {
    const onOpen = vi.fn();
    scriptedClick(openButton(onOpen));
    expect(onOpen).not.toHaveBeenCalled();
  });
});
