/**
 * The only script on every page, so it stays tiny and idle: it does nothing until the user selects
 * text, then offers a "Fact-check" button. Everything heavier (capture, highlights, the card) is injected
 * by the background when a check starts. Form fields are never read: their selections are not part of
 * the document selection this looks at.
 */
import { defineContentScript } from 'wxt/utils/define-content-script';

import { createFloatingButton, FLOATING_BUTTON_MESSAGES } from '../lib/content/floating-button';
import { startContentLanguage } from '../lib/i18n/content-language';
import { sendToBackground } from '../lib/messaging/protocol';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_idle',
  main(ctx) {
    let allowed: Promise<boolean> | undefined;
    const button = createFloatingButton(document, () => {
      // A check that does not start is said in the side panel by the background. A background that does
      // not answer (the extension was updated or disabled since this page loaded) cannot say it there, and
      // this script draws nothing of its own beyond the button: the page's console is the one place left.
      sendToBackground('checkSelectionHere').catch((error: unknown) =>
        console.warn('[factlight] the check did not start', error),
      );
    });
    const update = async (event: Event) => {
      if (button.contains(event.target)) return;
      const selection = document.getSelection();
      if (!selection || selection.isCollapsed || selection.rangeCount === 0 || !selection.toString().trim()) {
        button.hide();
        return;
      }
      // No answer: no button on this page (a button that could do nothing), and a line in its console. The
      // button's words come in the chosen interface language, else the browser's (getMessage) as they are.
      allowed ??= Promise.all([
        sendToBackground('getCaptureSettings'),
        startContentLanguage(FLOATING_BUTTON_MESSAGES).catch((error: unknown) =>
          console.warn('[factlight] interface language not received; the browser language is used', error),
        ),
      ]).then(
        ([s]) => s.floatingButton,
        (error: unknown) => (console.warn('[factlight] no floating button: settings not read', error), false),
      );
      if (!(await allowed)) return;
      const rect = selection.getRangeAt(0).getBoundingClientRect();
      if (rect.width || rect.height) button.show(rect);
    };
    ctx.addEventListener(document, 'mouseup', (event) => void update(event));
    ctx.addEventListener(document, 'keyup', (event) => {
      if ((event as KeyboardEvent).shiftKey) void update(event);
    });
    ctx.addEventListener(document, 'selectionchange', () => {
      if (document.getSelection()?.isCollapsed) button.hide();
    });
  },
});
