/** The small "Fact-check" button near a selection, in a shadow root of ours, in the interface language. */
import { t, uiDirection, uiLocale } from '../i18n/i18n';
import type { MessageKey } from '../i18n/keys';
import { createShadowHost } from './shadow-host';
import { onUserClick } from './user-event';

const CSS = `button { font: 600 12px/1 system-ui, sans-serif; color: #fff; background: #2457c5; border: 0;
  border-radius: 6px; padding: 6px 9px; cursor: pointer; box-shadow: 0 2px 10px rgba(0,0,0,.25); }
button:focus-visible { outline: 2px solid #8ab4ff; outline-offset: 2px; }`;

/** The messages the button shows (the content script asks the background for them in a chosen language). */
export const FLOATING_BUTTON_MESSAGES: readonly MessageKey[] = ['floatingButtonLabel', 'floatingButtonName'];

export function createFloatingButton(doc: Document, onPress: () => void) {
  let host: HTMLElement | undefined;
  return {
    show(rect: DOMRect): void {
      if (!host) {
        const created = createShadowHost(doc, 'check-selection', CSS);
        host = created.host;
        const button = doc.createElement('button');
        button.type = 'button';
        button.textContent = t('floatingButtonLabel');
        button.lang = uiLocale();
        button.dir = uiDirection();
        button.setAttribute('data-testid', 'factlight-check-selection');
        button.setAttribute('aria-label', t('floatingButtonName'));
        // Keep the page's selection: a mousedown on a button would otherwise clear it.
        button.addEventListener('mousedown', (event) => event.preventDefault());
        onUserClick(button, () => {
          this.hide();
          onPress();
        });
        created.root.append(button);
      }
      const view = doc.defaultView!;
      host.style.left = `${Math.max(4, rect.right + view.scrollX - 80)}px`;
      host.style.top = `${rect.bottom + view.scrollY + 6}px`;
      host.style.display = '';
    },
    hide(): void {
      if (host) host.style.display = 'none';
    },
    contains(node: EventTarget | null): boolean {
      return Boolean(host && node instanceof Node && host.contains(node));
    },
  };
}
