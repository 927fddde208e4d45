/**
 * The only script on every page, so it stays tiny and idle: it does nothing until the user selects
 * text, then offers a "Fact-check" button. Everything heavier (capture, highlights, the card) is injected
 * by the background when a check starts. Form fields are never read: their selections are not part of
 * the document selection this looks at.
 */
import { defineContentScript } from 'wxt/utils/define-content-script';

import { createFloatingButton } from '../lib/content/floating-button';
import { sendToBackground } from '../lib/messaging/protocol';

export default defineContentScript({
  // Web pages only: never local files (file://), which no check needs.
  matches: ['http://*/*', 'https://*/*'],
  runAt: 'document_idle',
  // WXT would otherwise post "<extension id>:content:wxt:content-script-started" to the page: the page could
  // read our id from it (fingerprinting). The option is WXT's own (wxt/dist/types.d.mts, 0.20.27).
  noScriptStartedPostMessage: true,
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
      // No answer: no button on this page (a button that could do nothing), and a line in its console.
      allowed ??= sendToBackground('getCaptureSettings').then(
        (s) => s.floatingButton,
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
