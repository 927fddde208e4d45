// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MIN_SHOWN_MS } from '../../../../lib/content/click-guard';
import {
  clearAtSelection,
  NOTICE_HOST,
  PROGRESS_HOST,
  SELECTION_NOTICE_MESSAGES,
  showNotice,
  showProgress,
} from '../../../../lib/content/selection-notice';
import { startContentWords } from '../../../../lib/i18n/content-words';
import { backgroundMessaging } from '../../../../lib/messaging/protocol';
import { interfaceCatalogueAnswer, shippedCatalogue } from '../../support/catalogue-keys';
import { physicalDeclarations } from '../../support/physical-css';
import { putOnScreen, scriptedClick, userClick, userKey } from './user-click';

afterEach(() => {
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
});

const PLACE = { left: 30, top: 200 };
const host = (name: string) => document.querySelector<HTMLElement>(`factlight-ui[data-factlight="${name}"]`);
const inNotice = (testId: string) =>
  host(NOTICE_HOST)!.shadowRoot!.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;

describe('what the page shows at the selection after the button was pressed', () => {
  it('shows "Checking…" at once, where the button was, as a status', () => {
    showProgress(document, PLACE);
    const mark = host(PROGRESS_HOST)!;
    expect([mark.style.left, mark.style.top]).toEqual(['30px', '200px']);
    const box = mark.shadowRoot!.querySelector('[data-testid="factlight-progress"]')!;
    expect(box.textContent).toBe('Checking…');
    expect(box.getAttribute('role')).toBe('status');
  });

  it('replaces the progress mark with a refusal, as text, in the same place', () => {
    showProgress(document, PLACE);
    showNotice(document, PLACE, '<b>too long</b> (60,000 characters)');
    expect(host(PROGRESS_HOST)).toBeNull();
    const box = inNotice('factlight-notice');
    expect(box.getAttribute('role')).toBe('alert');
    expect(box.querySelector('p')!.textContent).toBe('<b>too long</b> (60,000 characters)');
    expect(box.querySelector('b')).toBeNull();
  });

  it("runs an action only for the reader's click on it, once it has been seen", () => {
    let clock = 0;
    const run = vi.fn();
    showNotice(
      document,
      PLACE,
      'Too long.',
      [{ label: 'Check the first part', testId: 'offer', run }],
      false,
      () => clock,
    );
    const offer = inNotice('offer');
    // As the floating button: marked disabled until a click on it counts.
    expect(offer.getAttribute('aria-disabled')).toBe('true');
    const at = putOnScreen(offer);
    userClick(offer, { clientX: at.x, clientY: at.y });
    scriptedClick(offer);
    expect(run).not.toHaveBeenCalled();
    clock = MIN_SHOWN_MS;
    userClick(offer, { clientX: at.x, clientY: at.y });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('closes with its ✕ and with Escape, and takes focus when asked (a press from the keyboard)', () => {
    showNotice(document, PLACE, 'Not allowed here.');
    userClick(inNotice('factlight-notice-close'));
    expect(host(NOTICE_HOST)).toBeNull();

    showNotice(document, PLACE, 'Not allowed here.', [], true);
    const box = inNotice('factlight-notice');
    expect(host(NOTICE_HOST)!.shadowRoot!.activeElement).toBe(box);
    userKey(box, 'keydown', { key: 'Escape' });
    expect(host(NOTICE_HOST)).toBeNull();
  });

  it('is cleared by name, answering where it was (the highlighter clears the progress mark)', () => {
    showProgress(document, PLACE);
    expect(clearAtSelection(document, [NOTICE_HOST])).toBeUndefined();
    expect(clearAtSelection(document, [PROGRESS_HOST])).toEqual(PLACE);
    expect(host(PROGRESS_HOST)).toBeNull();
  });

  it('says "Checking…" and names its ✕ in the chosen interface language, laid out in its direction', async () => {
    backgroundMessaging.onMessage('getInterfaceCatalogue', ({ data }) => interfaceCatalogueAnswer('ar', data.keys));
    await startContentWords(SELECTION_NOTICE_MESSAGES);
    const ar = shippedCatalogue('ar');
    try {
      showProgress(document, PLACE);
      const progress = host(PROGRESS_HOST)!.shadowRoot!.querySelector('[data-testid="factlight-progress"]')!;
      expect([progress.textContent, progress.getAttribute('dir'), progress.getAttribute('lang')]).toEqual([
        ar.progressChecking!.message,
        'rtl',
        'ar',
      ]);
      showNotice(document, PLACE, 'لا يمكن');
      expect(inNotice('factlight-notice-close').getAttribute('aria-label')).toBe(ar.inPageClose!.message);
      expect(inNotice('factlight-notice').getAttribute('dir')).toBe('rtl');
    } finally {
      // Back to following the browser for the other tests.
      backgroundMessaging.removeAllListeners();
      backgroundMessaging.onMessage('getInterfaceCatalogue', () => ({ locale: null }));
      await startContentWords(SELECTION_NOTICE_MESSAGES);
      backgroundMessaging.removeAllListeners();
    }
  });
});

describe("the notice's layout follows the interface's direction", () => {
  it('lays out by reading direction only (its ✕ and spacing mirror in a right-to-left interface)', () => {
    showNotice(document, PLACE, 'Not allowed here.');
    const css = host(NOTICE_HOST)!.shadowRoot!.querySelector('style')!.textContent ?? '';
    expect(css).toContain('.close');
    expect(physicalDeclarations(css)).toEqual([]);
  });
});
