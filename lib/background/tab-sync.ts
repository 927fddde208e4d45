/**
 * Draws a check's results in the page it came from, as they arrive. The heavy in-page code (anchoring,
 * highlights, the card) is injected only when a check needs it, so the script on every page stays tiny.
 * Pushes are throttled per check; the last state always goes out.
 */
import { browser } from 'wxt/browser';

import { loadCheckView } from '../db/check-view';
import type { FactlightDb } from '../db/schema';
import { pageMessaging } from '../messaging/protocol';
import { loadRatings } from '../reliability/load-ratings';
import { drawRequestFor } from './page-spans';

const THROTTLE_MS = 300;
export const HIGHLIGHTER_FILE = '/highlighter.js' as const;

/**
 * `injectImmediately`: by default a script is injected at document_idle (MDN, scripting.executeScript), which a
 * page still parsing (held up by a slow script) never reaches, though its text can already be selected and
 * checked; the page's own script listens from document_start for the same reason.
 */
export async function injectHighlighter(tabId: number, frameId = 0): Promise<void> {
  await browser.scripting.executeScript({
    target: { tabId, frameIds: [frameId] },
    files: [HIGHLIGHTER_FILE],
    injectImmediately: true,
  });
}

export function createTabSync(db: FactlightDb) {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const injected = new Set<string>();

  async function push(checkId: string): Promise<void> {
    // Most checks (typed, side panel) have no page to draw in: skip loading all their rows.
    const check = await db.checks.get(checkId);
    if (check?.tabId === undefined || !check.capture) return;
    const view = await loadCheckView(db, checkId);
    if (!view || view.check.tabId === undefined) return;
    // The card names its evidence's reliability: the ratings file is read once, on the first drawn check.
    const request = drawRequestFor(view, await loadRatings());
    if (!request) return;
    const { tabId, frameId = 0 } = view.check;
    const key = `${tabId}:${frameId}`;
    try {
      if (!injected.has(key)) {
        await injectHighlighter(tabId, frameId);
        injected.add(key);
      }
      const { notFound } = await pageMessaging.sendMessage('drawCheck', request, { tabId, frameId });
      if (request.finished) await db.checks.update(checkId, { notFoundOnPage: notFound });
      const { messageId } = view.check;
      if (messageId !== undefined && view.check.origin === 'chatbot-reply') {
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
