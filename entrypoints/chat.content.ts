/**
 * On chatbot sites only: a "Fact-check" control under each finished reply. One debounced observer on the
 * conversation's scroll root re-scans after the site changes its DOM (new replies, streaming, re-renders);
 * while a reply on a site without a done marker is settling, one more scan is scheduled, and no longer. The background
 * tells a checked reply's control how many of its claims the page could not show.
 *
 * Nothing here is tied to WXT's context (`ctx.setTimeout`, `ctx.onInvalidated`): the page can forge WXT's
 * "content script started" event (a CustomEvent on the document whose name holds our public id;
 * wxt/dist/utils/content-script-context.mjs, 0.20.27), which aborts the context and would stop the controls
 * on new replies. A copy left behind by an extension update notices instead, on the page's next change,
 * that its extension is gone (`runtime.id` is unset, what WXT itself checks), and stops.
 */
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';

import { createReplyControls, REPLY_CONTROL_MESSAGES } from '../lib/content/reply-controls';
import { startContentLanguage } from '../lib/i18n/content-language';
import { pageMessaging, sendToBackground } from '../lib/messaging/protocol';
import { adapterForUrl, CHAT_SITE_MATCHES, findScrollRoot } from '../lib/sites';

const DEBOUNCE_MS = 300;
const SETTLE_MS = 1_000;

export default defineContentScript({
  matches: [...CHAT_SITE_MATCHES],
  runAt: 'document_idle',
  // No "content-script-started" postMessage, which would tell the page our extension id (see content.ts).
  noScriptStartedPostMessage: true,
  async main() {
    const adapter = adapterForUrl(location.href);
    if (!adapter) return;
    // The controls' words in a chosen interface language (else the browser's, as getMessage gives them).
    const language = startContentLanguage(REPLY_CONTROL_MESSAGES).catch((error: unknown) =>
      console.warn('[factlight] interface language not received; the browser language is used', error),
    );
    // No answer: controls still appear, but nothing is checked unasked; the page's console says why.
    const settings = await sendToBackground('getCaptureSettings').catch((error: unknown) => {
      console.warn('[factlight] replies are not checked automatically: settings not read', error);
      return { autoCheckReplies: false };
    });
    await language;
    const controls = createReplyControls(document, adapter, { autoCheck: settings.autoCheckReplies });
    // From the background (runtime messages reach no page script): how much of a checked reply the page shows.
    pageMessaging.onMessage('replyPlacement', ({ data }) => controls.placed(data));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    /** The extension was updated or removed: this copy stops watching and scheduling. */
    const alive = (): boolean => {
      if (browser.runtime?.id) return true;
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(settleTimer);
      return false;
    };
    const schedule = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (alive() && controls.scan(performance.now())) settleLater();
      }, DEBOUNCE_MS);
    };
    const settleLater = () => {
      if (settleTimer) return;
      settleTimer = setTimeout(() => {
        settleTimer = undefined;
        schedule();
      }, SETTLE_MS);
    };
    const observer = new MutationObserver((records) => {
      // Our own controls changing is not a reason to re-scan.
      if (records.every((r) => (r.target as Element).closest?.('[data-factlight]'))) return;
      if (alive()) schedule();
    });
    observer.observe(findScrollRoot(adapter, document) ?? document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
    if (controls.scan(performance.now())) settleLater();
  },
});
