/**
 * The small "Fact-check" button near a selection, in a shadow root of ours, in the interface language. A click
 * on it counts only as click-guard.ts says (the reader's own, on a button they could see, shown for
 * MIN_SHOWN_MS); until then the button is `aria-disabled`, which also tells end-to-end drivers when it can be
 * pressed.
 */
import { contentWord, contentWordsDirection, contentWordsLocale } from '../i18n/content-words';
import type { MessageKey } from '../i18n/keys';
import { clickCounts, MIN_SHOWN_MS } from './click-guard';
import { createShadowHost } from './shadow-host';

const CSS = `button { font: 600 12px/1 system-ui, sans-serif; color: #fff; background: #2457c5; border: 0;
  border-radius: 6px; padding: 6px 9px; cursor: pointer; box-shadow: 0 2px 10px rgba(0,0,0,.25); }
button[aria-disabled] { cursor: default; background: #5b7fcf; }
button:focus-visible { outline: 2px solid #8ab4ff; outline-offset: 2px; }`;

/** The messages the button shows (the content script asks the background for them in a chosen language). */
export const FLOATING_BUTTON_MESSAGES: readonly MessageKey[] = ['floatingButtonLabel', 'floatingButtonName'];

/**
 * Where the button goes for a selection, in document coordinates: just below its end, or, when that is out
 * of sight (Ctrl+A on a long page, a selection scrolled past), at the edge of the viewport nearest to it.
 */
export function placeBelow(doc: Document, rect: DOMRect): { left: number; top: number } {
  const view = doc.defaultView!;
  const within = (value: number, low: number, high: number) => Math.max(low, Math.min(value, high));
  return {
    left: within(rect.right - 80, 4, view.innerWidth - 110) + view.scrollX,
    top: within(rect.bottom + 6, 4, view.innerHeight - 40) + view.scrollY,
  };
}

/**
 * `onPress` gets the button's place (document coordinates), where the progress mark or a refusal goes, and
 * whether the press came from the keyboard (then focus moves into what replaces the button).
 */
export function createFloatingButton(
  doc: Document,
  onPress: (at: { left: number; top: number }, fromKeyboard: boolean) => void,
  now: () => number = () => performance.now(),
) {
  let host: HTMLElement | undefined;
  let button: HTMLButtonElement | undefined;
  let shownAt = 0;
  let armTimer: ReturnType<typeof setTimeout> | undefined;
  let at = { left: 0, top: 0 };
  return {
    show(rect: DOMRect): void {
      if (!host) {
        const created = createShadowHost(doc, 'check-selection', CSS);
        host = created.host;
        const made = doc.createElement('button');
        button = made;
        made.type = 'button';
        made.textContent = contentWord('floatingButtonLabel');
        made.lang = contentWordsLocale();
        made.dir = contentWordsDirection();
        made.setAttribute('data-testid', 'factlight-check-selection');
        made.setAttribute('aria-label', contentWord('floatingButtonName'));
        // Keep the page's selection: a mousedown on a button would otherwise clear it.
        made.addEventListener('mousedown', (event) => event.preventDefault());
        made.addEventListener('click', (event) => {
          if (!clickCounts(event, made, shownAt, now())) return;
          this.hide();
          onPress(at, event.detail === 0);
        });
        created.root.append(made);
      }
      at = placeBelow(doc, rect);
      host.style.left = `${at.left}px`;
      host.style.top = `${at.top}px`;
      host.style.display = '';
      // Every showing (a new selection, a moved button) starts the wait again.
      shownAt = now();
      button!.setAttribute('aria-disabled', 'true');
      clearTimeout(armTimer);
      armTimer = setTimeout(() => button!.removeAttribute('aria-disabled'), MIN_SHOWN_MS);
    },
    hide(): void {
      if (host) host.style.display = 'none';
    },
  };
}
