// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { HIGHLIGHTER_MESSAGES } from '../../../../lib/content/highlighter';
import { createPageCard } from '../../../../lib/content/page-card';
import { startContentLanguage } from '../../../../lib/i18n/content-language';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource } from '../../../../lib/i18n/sources';
import { backgroundMessaging, type PageSpan } from '../../../../lib/messaging/protocol';
import { interfaceCatalogueAnswer, shippedCatalogue } from '../../support/catalogue-keys';
import { physicalDeclarations } from '../../support/physical-css';
import { scriptedClick, userClick, userKey } from './user-click';

const SPAN: PageSpan = {
  claimId: 'claim-1',
  start: 0,
  end: 24,
  quote: 'The tower is 330 m tall.',
  band: 'green',
  verdict: 'Supported',
  explanation: 'The operator lists 330 m.',
};

/** The sentence's box in the viewport. */
const ANCHOR = { left: 20, top: 20, right: 220, bottom: 40 };

afterEach(() => {
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
  backgroundMessaging.removeAllListeners();
  setMessageSource(browserSource());
});

function openButton(onOpen: (claimId: string) => Promise<void> | void): HTMLButtonElement {
  createPageCard(document, onOpen).show(SPAN, ANCHOR);
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
    card.show(SPAN, ANCHOR, { notShown: '3 of 4 claims could not be shown on this page.' });
    expect(note()).toBe('3 of 4 claims could not be shown on this page.');
    card.show(SPAN, ANCHOR);
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
      ANCHOR,
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
      ANCHOR,
    );
    expect(shadow().querySelector('[data-testid="factlight-card-reliability"]')).toBeNull();
  });

  it('opens the linked title in a new tab, never giving the page a handle on ours', () => {
    createPageCard(document, () => undefined).show(
      { ...SPAN, topEvidence: { title: 'Tower story', url: 'https://example.org/', stance: 'supports' } },
      ANCHOR,
    );
    const link = shadow().querySelector('a')!;
    expect([link.target, link.rel, link.dir]).toEqual(['_blank', 'noopener noreferrer', 'auto']);
  });

  it('isolates a title it cannot link (no http address) in its own direction, as it does a linked one', () => {
    createPageCard(document, () => undefined).show(
      { ...SPAN, topEvidence: { title: 'برج المدينة', url: 'javascript:alert(1)', stance: 'supports' } },
      ANCHOR,
    );
    expect(shadow().querySelector('a')).toBeNull();
    const title = [...shadow().querySelectorAll('bdi')].find((bdi) => bdi.textContent === 'برج المدينة');
    expect(title?.getAttribute('dir')).toBe('auto');
  });
});

describe('the in-page card from the keyboard', () => {
  const cardHost = () => document.querySelector<HTMLElement>('factlight-ui[data-factlight="card"]');
  const inCard = (testId: string) => cardHost()!.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;

  it('takes focus when opened from the keyboard; Escape closes it and gives focus back to where it was', () => {
    const before = document.body.appendChild(document.createElement('button'));
    before.focus();
    createPageCard(document, () => undefined).show(SPAN, ANCHOR, { focus: true });
    expect(cardHost()!.shadowRoot!.activeElement).toBe(inCard('factlight-card'));
    userKey(inCard('factlight-card'), 'keydown', { key: 'Escape' });
    expect(cardHost()).toBeNull();
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it('has a visible ✕ that closes it, giving focus back too', () => {
    const before = document.body.appendChild(document.createElement('a'));
    before.href = '#';
    before.focus();
    createPageCard(document, () => undefined).show(SPAN, ANCHOR, { focus: true });
    const close = inCard('factlight-card-close');
    expect([close.textContent, close.getAttribute('aria-label')]).toEqual(['✕', 'Close']);
    close.focus();
    userClick(close);
    expect(cardHost()).toBeNull();
    expect(document.activeElement).toBe(before);
    before.remove();
  });

  it('ignores an Escape the page dispatches', () => {
    createPageCard(document, () => undefined).show(SPAN, ANCHOR, { focus: true });
    inCard('factlight-card').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(cardHost()).not.toBeNull();
  });

  it('is placed beside the sentence, not over it', () => {
    createPageCard(document, () => undefined).show(SPAN, ANCHOR, { x: 60 });
    const host = cardHost()!;
    expect(Number.parseFloat(host.style.top)).toBeGreaterThanOrEqual(ANCHOR.bottom);
    expect(host.style.left).toBe('60px');
    expect(host.getAttribute('data-side')).toBe('below');
  });

  it('speaks the chosen interface language the highlighter asked the background for', async () => {
    backgroundMessaging.onMessage('getInterfaceCatalogue', ({ data }) => interfaceCatalogueAnswer('ar', data.keys));
    await startContentLanguage(HIGHLIGHTER_MESSAGES);
    const ar = shippedCatalogue('ar');
    const span: PageSpan = {
      ...SPAN,
      verdict: 'مؤيَّد بالأدلة',
      revision: 'The tower is 330 m tall.',
      topEvidence: { title: 'Operator', url: 'https://tower.example/', stance: 'refutes', predates: '2024' },
    };
    createPageCard(document, () => Promise.reject(new Error('gone'))).show(span, ANCHOR);
    const root = document.querySelector<HTMLElement>('factlight-ui[data-factlight="card"]')!.shadowRoot!;
    const card = root.querySelector('[data-testid="factlight-card"]')!;
    expect([card.getAttribute('aria-label'), card.getAttribute('lang'), card.getAttribute('dir')]).toEqual([
      'Factlight: مؤيَّد بالأدلة',
      'ar',
      'rtl',
    ]);
    expect(root.querySelector('[data-testid="factlight-card-close"]')!.getAttribute('aria-label')).toBe(
      ar.inPageClose!.message,
    );
    const rows = [...root.querySelectorAll('p')].map((row) => row.textContent);
    expect(rows).toContain(`${ar.cardRefutedBy!.message} Operator`);
    expect(rows).toContain(ar.cardPublishedBefore!.message.replace('$EVENT$', '2024'));
    expect(rows).toContain(ar.cardSuggested!.message.replace('$REVISION$', 'The tower is 330 m tall.'));
    // The English suggestion and date sit in <bdi>s inside the Arabic lines (the full stop stays at its end),
    // and the source's title link keeps its own direction.
    expect([...root.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual([
      '2024',
      'The tower is 330 m tall.',
    ]);
    expect(root.querySelector('a')!.getAttribute('dir')).toBe('auto');
    userClick(root.querySelector<HTMLButtonElement>('[data-testid="factlight-card-open-panel"]')!);
    await expect
      .poll(() => root.querySelector('[data-testid="factlight-card-error"]')?.textContent)
      .toBe(ar.cardPanelNotOpened!.message.replace('$ERROR$', 'gone'));
  });
});

describe("the card's layout follows the interface's direction", () => {
  it('lays out by reading direction only (its ✕ and spacing mirror in a right-to-left interface)', () => {
    createPageCard(document, () => undefined).show(SPAN, ANCHOR);
    const root = document.querySelector<HTMLElement>('factlight-ui[data-factlight="card"]')!.shadowRoot!;
    const css = root.querySelector('style')!.textContent ?? '';
    expect(css).toContain('.close');
    expect(physicalDeclarations(css)).toEqual([]);
  });
});
