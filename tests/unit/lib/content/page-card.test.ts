// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createPageCard } from '../../../../lib/content/page-card';
import type { PageSpan } from '../../../../lib/messaging/protocol';
import { scriptedClick, userClick } from './user-click';

const SPAN: PageSpan = {
  claimId: 'claim-1',
  start: 0,
  end: 24,
  quote: 'The tower is 330 m tall.',
  band: 'green',
  verdict: 'Supported',
  explanation: 'The operator lists 330 m.',
};

afterEach(() => {
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
});

function openButton(onOpen: (claimId: string) => Promise<void> | void): HTMLButtonElement {
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

  it('says in the card when the side panel did not open (the background did not answer)', async () => {
    const button = openButton(() => Promise.reject(new Error('Extension context invalidated.')));
    userClick(button);
    const card = button.closest('.card')!;
    await vi.waitFor(() =>
      expect(card.querySelector('[data-testid="factlight-card-error"]')?.textContent).toBe(
        'The side panel did not open: Extension context invalidated.',
      ),
    );
  });

  it("says how many of the check's claims could not be shown on the page, when some could not", () => {
    const card = createPageCard(document, () => undefined);
    const note = () =>
      document
        .querySelector<HTMLElement>('factlight-ui[data-factlight="card"]')
        ?.shadowRoot?.querySelector('[data-testid="factlight-card-not-shown"]')?.textContent;
    card.show(SPAN, 20, 20, '3 of 4 claims could not be shown on this page.');
    expect(note()).toBe('3 of 4 claims could not be shown on this page.');
    card.show(SPAN, 20, 20);
    expect(note()).toBeUndefined();
  });

  it('ignores a click the page\'s script makes on "Open in side panel"', () => {
    const onOpen = vi.fn();
    scriptedClick(openButton(onOpen));
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe("the card's top evidence", () => {
  const shadow = () => document.querySelector<HTMLElement>('factlight-ui[data-factlight="card"]')!.shadowRoot!;

  it('links to the passage, shows its date and a focusable reliability label with its details', () => {
    const url = 'https://www.infowars.com/posts/tower#:~:text=The%20tower,330%20m';
    const reliability = {
      band: 'low' as const,
      label: 'Rated low reliability',
      detail: 'infowars.com: Lin et al. 2023 (six expert rating sets combined): 0.05 of 1',
    };
    createPageCard(document, () => undefined).show(
      {
        ...SPAN,
        topEvidence: {
          title: 'Tower story',
          url,
          stance: 'supports',
          publishedAt: '2019-05-02',
          predates: '2021',
          reliability,
        },
      },
      20,
      20,
    );
    const link = shadow().querySelector('a')!;
    expect(link.getAttribute('href')).toBe(url);
    expect(link.parentElement!.textContent).toContain('Tower story (2019-05-02)');
    const label = shadow().querySelector<HTMLElement>('[data-testid="factlight-card-reliability"]')!;
    expect(label.tabIndex).toBe(0);
    expect(label.getAttribute('data-band')).toBe('low');
    expect(label.getAttribute('aria-label')).toBe(`Rated low reliability. ${reliability.detail}`);
    expect(label.querySelector('.reliability-detail')!.textContent).toBe(reliability.detail);
    expect(shadow().querySelector('.card')!.textContent).toContain(
      '⚠ Published before 2021, which the claim is about.',
    );
  });

  it('shows no label for an unrated source', () => {
    createPageCard(document, () => undefined).show(
      { ...SPAN, topEvidence: { title: 'Tower story', url: 'https://example.org/', stance: 'supports' } },
      20,
      20,
    );
    expect(shadow().querySelector('[data-testid="factlight-card-reliability"]')).toBeNull();
  });
});
