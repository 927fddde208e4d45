/**
 * Draws a check's results in the page it came from, as they arrive. The heavy in-page code (anchoring,
 * highlights, the card) is injected only when a check needs it, so the script on every page stays tiny.
 * Pushes are throttled per check; the last state always goes out.
 */
import { browser } from 'wxt/browser';

import { isSamePage } from '../core/text/same-page';
import { loadCheckView } from '../db/check-view';
import type { CheckRecord } from '../db/entities';
import type { FactlightDb } from '../db/schema';
import { WAITING_CHECK_STATUSES } from '../db/waiting-statuses';
import { pageMessaging, type PagePlacedRequest } from '../messaging/protocol';
import type { CommandOrigin } from '../messaging/sender-policy';
import { loadRatings } from '../reliability/load-ratings';
import { frameAddress } from './frame-address';
import { injectHighlighter } from './inject-highlighter';
import { interfaceLanguageReady } from './interface-language';
import { drawRequestFor } from './page-spans';

const THROTTLE_MS = 300;
/**
 * A page that does not answer a drawing (hung, or its script gone without the tab closing) holds the check's later
 * drawings back no longer than this; drawing a long page takes well under a second.
 */
const DRAW_ANSWER_MS = 30_000;

function answeredWithin<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    // i18n-exempt: caught below as "the page shows nothing", never shown
    timer = setTimeout(() => reject(new Error('the page did not answer the drawing')), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

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
export function createTabSync(
  db: FactlightDb,
  languageReady: () => Promise<void> = interfaceLanguageReady,
  drawAnswerMs = DRAW_ANSWER_MS,
) {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const injected = new Set<string>();
  /** Per check, the end of its last drawing or placement: the next waits for it. */
  const turns = new Map<string, Promise<void>>();

  /**
   * Runs a check's drawings and placements one after another: a page's word that it shows claims now must not be read
   * before the drawing it follows is recorded (it would be dropped, and that drawing's "could not be shown" kept), and
   * a mid-check drawing slow to inject must not reach the page after the finished one.
   */
  function inTurn(checkId: string, task: () => Promise<void>): Promise<void> {
    const run = (turns.get(checkId) ?? Promise.resolve()).then(task);
    const done = run.catch(() => undefined);
    turns.set(checkId, done);
    void done.then(() => turns.get(checkId) === done && turns.delete(checkId));
    return run;
  }

  /** Per check, the drawing waiting for its turn: later changes join it (it reads the database when it starts). */
  const waitingDraws = new Map<string, Promise<void>>();

  /**
   * Draws the check in its page once its turn comes. At most one drawing waits per check: a page slow to draw (a reply
   * out of the page, each claim searched for in the whole page) must not pile up stale drawings ahead of the last.
   */
  function push(checkId: string): Promise<void> {
    const waiting = waitingDraws.get(checkId);
    if (waiting) return waiting;
    const run = inTurn(checkId, () => (waitingDraws.delete(checkId), draw(checkId)));
    waitingDraws.set(checkId, run);
    return run;
  }

  async function draw(checkId: string): Promise<void> {
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
      const { notFound } = await answeredWithin(
        pageMessaging.sendMessage('drawCheck', request, { tabId, frameId }),
        drawAnswerMs,
      );
      // Only the finished check's drawing is kept and said on the reply's control ("N of M claims could not be
      // shown"): a drawing mid-check counts claims still coming. The finished drawing may meet the reply out of the
      // page for a moment (a list that scrolled it away): the page says so once it is back (`placed`).
      if (request.finished) await recordPlacement(view.check, notFound, request.spans.length);
    } catch {
      // The tab was closed or navigated: the check stays in history, the page just shows nothing.
      injected.delete(key);
    }
  }

  /** Keeps which of a finished check's claims its page does not show, and says it on a chatbot reply's control. */
  async function recordPlacement(check: CheckRecord, notFound: string[], total: number): Promise<void> {
    await db.checks.update(check.id, { notFoundOnPage: notFound });
    const { messageId, tabId, frameId = 0 } = check;
    if (messageId === undefined || tabId === undefined || check.origin !== 'chatbot-reply') return;
    const placement = { checkId: check.id, messageId, notShown: notFound.length, total };
    // The reply's control lives in the chat content script; a page without it (navigated) just says nothing.
    await pageMessaging.sendMessage('replyPlacement', placement, { tabId, frameId }).catch(() => undefined);
  }

  async function placed(request: PagePlacedRequest, origin: CommandOrigin): Promise<void> {
    const check = await db.checks.get(request.checkId);
    if (!check || (WAITING_CHECK_STATUSES as readonly string[]).includes(check.status)) return;
    if (check.tabId === undefined || origin.tabId !== check.tabId || (origin.frameId ?? 0) !== (check.frameId ?? 0))
      return;
    const before = new Set(check.notFoundOnPage ?? []);
    const notFound = [...new Set(request.notFound)].filter((claimId) => before.has(claimId));
    if (notFound.length === before.size) return;
    const total = Math.max(notFound.length, Math.min(request.total, check.progress.claims));
    await recordPlacement(check, notFound, total);
  }

  return {
    /**
     * The page of a finished check shows claims it could not at the drawing (the highlighter found them since): only
     * that page may say so (the frame the check was drawn in), only of claims of that check, never more of them than
     * before.
     */
    placed: (request: PagePlacedRequest, origin: CommandOrigin): Promise<void> =>
      inTurn(request.checkId, () => placed(request, origin)),
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
