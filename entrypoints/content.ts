/**
 * The only script on every page, so it stays tiny and idle: it does nothing until the reader selects
 * text, then offers a "Fact-check" button. Everything heavier (capture, highlights, the card) is injected
 * by the background when a check starts. Form fields are never read: their selections are not part of
 * the document selection this looks at.
 *
 * It listens from `document_start`, so a page whose parsing is held up (a slow synchronous script, or a
 * Firefox page that never leaves readyState "loading") has the button as soon as its text can be selected.
 * Only the reader's own input counts (`isTrusted`): a page can dispatch mouseup/keyup events but cannot make
 * them trusted, and its `selectionchange` is trusted even when the page moved the selection, so that event
 * only ever hides the button. Pressing the button shows progress at once; a check that does not start says
 * why there, with what can be done (floating-button.ts, selection-notice.ts).
 *
 * Listeners go on the window directly rather than through WXT's context: a page can forge WXT's
 * "content script started" event (its name holds our public id) and so switch off everything registered
 * through the context; instead, a copy left behind by an extension reload notices on its next event that
 * its extension is gone and removes itself.
 */
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';

import { createFloatingButton, FLOATING_BUTTON_MESSAGES } from '../lib/content/floating-button';
import {
  clearAtSelection,
  type NoticeAction,
  type Place,
  SELECTION_NOTICE_MESSAGES,
  showNotice,
  showProgress,
} from '../lib/content/selection-notice';
import { errorMessage } from '../lib/core/errors';
import { contentCount, contentWord, startContentWords } from '../lib/i18n/content-words';
import type { MessageKey } from '../lib/i18n/keys';
import { sendToBackground, type StartCheckResult } from '../lib/messaging/protocol';

/** Every message this script shows, asked of the background in a chosen interface language. */
const CONTENT_MESSAGES: readonly MessageKey[] = [
  ...FLOATING_BUTTON_MESSAGES,
  ...SELECTION_NOTICE_MESSAGES,
  'noticeNoAnswer',
  'noticeCheckFirst',
  'noticeSetUp',
];

export default defineContentScript({
  // Web pages only: never local files (file://), which no check needs.
  matches: ['http://*/*', 'https://*/*'],
  // At document_start, so the button answers a selection made while the page is still loading.
  runAt: 'document_start',
  // WXT would otherwise post "<extension id>:content:wxt:content-script-started" to the page: the page could
  // read our id from it (fingerprinting). The option is WXT's own (wxt/dist/types.d.mts, 0.20.27).
  noScriptStartedPostMessage: true,
  main() {
    const view = window;
    let allowed: Promise<boolean> | undefined;
    /** The selection a press was about: a refusal keeps it, and the offer checks it. */
    let pressed: Range | undefined;

    const check = async (place: Place, fromKeyboard: boolean, limit?: number): Promise<void> => {
      if (pressed) {
        const selection = document.getSelection();
        selection?.removeAllRanges();
        selection?.addRange(pressed);
      }
      showProgress(document, place);
      let result: StartCheckResult;
      try {
        result = await sendToBackground('checkSelectionHere', limit ? { limit } : {});
      } catch (error) {
        // The extension was updated or disabled since this page loaded: nothing else can say so.
        result = { ok: false, error: contentWord('noticeNoAnswer', errorMessage(error)) };
      }
      if (result.ok) return; // the progress mark stays until the first highlight (the highlighter clears it)
      const refusal = result;
      const actions: NoticeAction[] = [];
      if (refusal.limit)
        actions.push({
          label: contentCount('noticeCheckFirst', refusal.limit),
          testId: 'factlight-notice-offer',
          run: () => void check(place, fromKeyboard, refusal.limit),
        });
      if (refusal.needsSetup)
        actions.push({
          label: contentWord('noticeSetUp'),
          testId: 'factlight-notice-setup',
          run: () => void sendToBackground('openSetup').catch(() => undefined),
        });
      showNotice(document, place, refusal.error, actions, fromKeyboard);
    };

    const button = createFloatingButton(document, (place, fromKeyboard) => {
      const selection = document.getSelection();
      pressed = selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : undefined;
      void check(place, fromKeyboard);
    });

    const listeners: Array<[string, (event: Event) => void]> = [];
    const listen = (type: string, handler: (event: Event) => void) => {
      listeners.push([type, handler]);
      view.addEventListener(type, handler, true);
    };
    /** The extension was reloaded or removed: this copy goes quiet and leaves no button behind. */
    const alive = (): boolean => {
      if (browser.runtime?.id) return true;
      for (const [type, handler] of listeners) view.removeEventListener(type, handler, true);
      button.hide();
      return false;
    };
    /** Input the reader made, outside our own controls and the page's form fields. */
    const fromReader = (event: Event): boolean => {
      const target = event.target as Element | null;
      return event.isTrusted && alive() && !target?.closest?.('factlight-ui, input, textarea');
    };

    const update = async () => {
      const selection = document.getSelection();
      if (!selection || selection.isCollapsed || selection.rangeCount === 0 || !selection.toString().trim()) {
        button.hide();
        return;
      }
      // No answer: no button on this page (a button that could do nothing), and a line in its console. The
      // words of the button and its notices come in the chosen interface language, else the browser's
      // (getMessage) as they are.
      allowed ??= Promise.all([
        sendToBackground('getCaptureSettings'),
        startContentWords(CONTENT_MESSAGES).catch((error: unknown) =>
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
    listen('mouseup', (event) => {
      if (fromReader(event)) void update();
    });
    // Any key can end a keyboard selection: Shift+arrows, Ctrl+A (released as "a" or as Control), caret
    // browsing. Escape instead puts away what we show.
    listen('keyup', (event) => {
      if (fromReader(event) && (event as KeyboardEvent).key !== 'Escape') void update();
    });
    listen('keydown', (event) => {
      if (!event.isTrusted || (event as KeyboardEvent).key !== 'Escape') return;
      button.hide();
      clearAtSelection(document);
    });
    listen('selectionchange', () => {
      if (document.getSelection()?.isCollapsed) button.hide();
    });
  },
});
