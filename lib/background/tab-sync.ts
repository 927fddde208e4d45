/**
 * Draws a check's results in the page it came from, as they arrive. The heavy in-page code (anchoring,
 * highlights, the card) is injected only when a check needs it, so the script on every page stays tiny.
 * Pushes are throttled per check; the last state always goes out.
 */
import { browser } from 'wxt/browser';

import { isSamePage } from '../core/text/same-page';
import { loadCheckView } from '../db/check-view';
import type { FactlightDb } from '../db/schema';
import { pageMessaging } from '../messaging/protocol';
import { loadRatings } from '../reliability/load-ratings';
import { frameAddress } from './frame-address';
import { injectHighlighter } from './inject-highlighter';
import { interfaceLanguageReady } from './interface-language';
import { drawRequestFor } from './page-spans';

const THROTTLE_MS = 300;

/**
 * The address a frame shows now: the tab's for the top frame (host permissions let us read it), else asked
 * of the frame itself. Undefined when the tab or frame is gone.
 */
async function frameUrl(tabId: number, frameId: number): Promise<string | undefined> {
  try {
    if (frameId === 0) return (await browser.tabs.get(tabId)).url;
    const [result] = await browser.scripting.executeScript({
      target: { tabId, frameIds: [frameId] },
      func: frameAddress,
    });
    return typeof result?.result === 'string' ? result.result : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `languageReady` settles when the background speaks the chosen interface language: the card's words (verdict,
 * "Whole text", the top source's line) are put into the request here, so a drawing waits for them. A resumed
 * check redraws its page without any command (which would have waited), right after the worker starts.
 */
export function createTabSync(db: FactlightDb, languageReady: () => Promise<void> = interfaceLanguageReady) {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const injected = new Set<string>();

  async function push(checkId: string): Promise<void> {
    // Most checks (typed, side panel) have no page to draw in: skip loading all their rows.
    const check = await db.checks.get(checkId);
    if (check?.tabId === undefined || !check.capture) return;
    const view = await loadCheckView(db, checkId);
    if (!view || view.check.tabId === undefined) return;
    // The card names its evidence's reliability: the ratings file is read once, on the first drawn check.
    const ratings = await loadRatings();
    await languageReady();
    const drawn = drawRequestFor(view, ratings);
    if (!drawn) return;
    const request = { ...drawn, ...(view.check.pageUrl ? { pageUrl: view.check.pageUrl } : {}) };
    const { tabId, frameId = 0 } = view.check;
    const key = `${tabId}:${frameId}`;
    try {
      // The check belongs to its page: a tab that went elsewhere gets nothing injected and nothing sent (the
      // highlighter checks again when it draws, for a navigation in between).
      if (!isSamePage(await frameUrl(tabId, frameId), view.check.pageUrl)) {
        injected.delete(key);
        return;
      }
      if (!injected.has(key)) {
        await injectHighlighter(tabId, frameId);
        injected.add(key);
      }
      const { notFound } = await pageMessaging.sendMessage('drawCheck', request, { tabId, frameId });
      if (request.finished) await db.checks.update(checkId, { notFoundOnPage: notFound });
      const { messageId } = view.check;
      // Only the finished check's drawing is said on the reply's control ("N of M claims could not be shown"): a
      // drawing mid-check counts claims still coming, and may meet the reply out of the page for a moment (a list
      // that scrolled it away), which the finished drawing, made once it is back, does not.
      if (request.finished && messageId !== undefined && view.check.origin === 'chatbot-reply') {
        const placement = { checkId, messageId, notShown: notFound.length, total: request.spans.length };
        // The reply's control lives in the chat content script; a page without it (navigated) just says nothing.
        await pageMessaging.sendMessage('replyPlacement', placement, { tabId, frameId }).catch(() => undefined);
      }
    } catch {
      // The tab was closed or navigated: the check stays in history, the page just shows nothing.
      injected.delete(key);
    }
  }

  return {
    /** Schedules a redraw of the check in its page. */
    changed(checkId: string): void {
      if (pending.has(checkId)) return;
      pending.set(
        checkId,
        setTimeout(() => {
          pending.delete(checkId);
          // A redraw that cannot read the database (closed) just shows nothing new; the side panel still
          // shows the check, so the console is where this is said.
          push(checkId).catch((error: unknown) => console.warn('[factlight] page not redrawn', error));
        }, THROTTLE_MS),
      );
    },
    /** Redraws at once (e.g. when the check finishes). */
    flush: push,
    forgetTab(tabId: number): void {
      for (const key of [...injected]) if (key.startsWith(`${tabId}:`)) injected.delete(key);
    },
  };
}
