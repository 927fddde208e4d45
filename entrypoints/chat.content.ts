/**
 * On chatbot sites only: a "Fact-check" control under each finished reply. One debounced observer on the
 * conversation's scroll root re-scans after the site changes its DOM (new replies, streaming, re-renders);
 * while a reply on a site without a done marker is settling, one more scan is scheduled, and no longer. The background
 * tells a checked reply's control how many of its claims the page could not show.
 */
import { defineContentScript } from 'wxt/utils/define-content-script';

import { createReplyControls } from '../lib/content/reply-controls';
import { pageMessaging, sendToBackground } from '../lib/messaging/protocol';
import { adapterForUrl, CHAT_SITE_MATCHES, findScrollRoot } from '../lib/sites';

const DEBOUNCE_MS = 300;
const SETTLE_MS = 1_000;

export default defineContentScript({
  matches: [...CHAT_SITE_MATCHES],
  runAt: 'document_idle',
  async main(ctx) {
    const adapter = adapterForUrl(location.href);
    if (!adapter) return;
    // No answer: controls still appear, but nothing is checked unasked; the page's console says why.
    const settings = await sendToBackground('getCaptureSettings').catch((error: unknown) => {
      console.warn('[factlight] replies are not checked automatically: settings not read', error);
      return { autoCheckReplies: false };
    });
    const controls = createReplyControls(document, adapter, { autoCheck: settings.autoCheckReplies });
    // From the background (runtime messages reach no page script): how much of a checked reply the page shows.
    pageMessaging.onMessage('replyPlacement', ({ data }) => controls.placed(data));
    let timer: number | undefined;
    const schedule = () => {
      if (timer) return;
      timer = ctx.setTimeout(() => {
        timer = undefined;
        if (controls.scan(performance.now())) settleLater();
      }, DEBOUNCE_MS);
    };
    let settleTimer: number | undefined;
    const settleLater = () => {
      if (settleTimer) return;
      settleTimer = ctx.setTimeout(() => {
        settleTimer = undefined;
        schedule();
      }, SETTLE_MS);
    };
    const observer = new MutationObserver((records) => {
      // Our own controls changing is not a reason to re-scan.
      if (records.every((r) => (r.target as Element).closest?.('[data-factlight]'))) return;
      schedule();
    });
    observer.observe(findScrollRoot(adapter, document) ?? document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
    ctx.onInvalidated(() => observer.disconnect());
    if (controls.scan(performance.now())) settleLater();
  },
});
