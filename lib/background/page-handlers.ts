/**
 * Commands linking a check to the page it came from: the floating button's setting and press, the side
 * panel's "Fact-check this page", "Show on page", "Clear highlights", and the card's "Open in side panel".
 */
import { browser } from 'wxt/browser';

import { hostOf } from '../core/text/hosts';
import { t } from '../i18n/i18n';
import { requestPanelFocus } from '../messaging/panel-focus';
import { pageMessaging, type Result } from '../messaging/protocol';
import { loadEffectiveSettings } from '../settings/managed-store';
import type { CommandRouter } from './authorized-handler';
import { interfaceLanguageReady } from './interface-language';
import { runInPage, runInPageAndReport } from './run-in-page';
import { openSidePanelFor } from './side-panel';
import { MAX_TEXT_CHARS } from './text-limit';

/** A check typed or pasted in the side panel has no page to show anything in. */
export const noPageMessage = () => t('bgNoPage');
/** The tab was closed or reloaded, or went to another page: Factlight's page code is gone with it. */
export const pageGoneMessage = () => t('bgPageGone');

/** The tab and frame a check was made in, when it was made in a page (read from the database by the engine). */
export type CheckPlace = (checkId: string) => Promise<{ tabId?: number; frameId?: number } | undefined>;

export function registerPageHandlers(router: CommandRouter, placeOf: CheckPlace): void {
  router.handle('getCaptureSettings', async (_data, origin) => {
    const { capture } = await loadEffectiveSettings();
    const host = (origin.url && hostOf(origin.url)) || '';
    const off = capture.floatingButtonOffSites.some((site) => host === site || host.endsWith(`.${site}`));
    return { floatingButton: capture.floatingButton && !off, autoCheckReplies: capture.autoCheckReplies };
  });

  router.handle('checkSelectionHere', async (data, origin) => {
    if (origin.tabId === undefined) {
      await interfaceLanguageReady();
      return { ok: false, error: t('bgNotFromPage') };
    }
    // Before any await: Chrome opens the side panel only while the user's click still counts as a gesture.
    void openSidePanelFor(origin.tabId);
    // The page's offer names the limit it was told; whatever it sends, no more than the background's own.
    const asked = Number(data?.limit);
    const request = asked > 0 ? { limit: Math.min(Math.floor(asked), MAX_TEXT_CHARS) } : {};
    return runInPageAndReport('checkSelection', origin.tabId, origin.frameId ?? 0, request);
  });

  router.handle('openSetup', () => browser.runtime.openOptionsPage());

  router.handle('revealClaim', ({ checkId, claimId }) =>
    inPageOf(checkId, (target) => pageMessaging.sendMessage('revealClaim', { checkId, claimId }, target)),
  );

  router.handle('clearPageHighlights', ({ checkId }) =>
    inPageOf(checkId, async (target) => {
      await pageMessaging.sendMessage('clearHighlights', undefined, target);
      return { ok: true };
    }),
  );

  router.handle('checkPageInTab', ({ tabId }) => runInPage('checkPage', tabId));

  router.handle('openInSidePanel', async ({ checkId, claimId }, origin) => {
    // First, before any await: Chrome lets sidePanel.open through only while the user's click that sent
    // this message still counts as a gesture, and refuses it (the panel stays closed) after one. Firefox
    // never counts a click in a web page, so there the panel opens in a tab unless the sidebar is open.
    if (origin.tabId !== undefined) void openSidePanelFor(origin.tabId, { elseInTab: true });
    // The panel, already open or opening now, picks this up and shows the claim.
    await requestPanelFocus(checkId, claimId);
  });

  /** Sends to the page (tab and frame) a check came from; says why not when it has none or is gone. */
  async function inPageOf(
    checkId: string,
    send: (target: { tabId: number; frameId: number }) => Promise<Result>,
  ): Promise<Result> {
    const check = await placeOf(checkId);
    if (check?.tabId === undefined) {
      await interfaceLanguageReady();
      return { ok: false, error: noPageMessage() };
    }
    try {
      return await send({ tabId: check.tabId, frameId: check.frameId ?? 0 });
    } catch {
      // The one way sending to a tab fails: no receiver there (closed, reloaded, navigated).
      await interfaceLanguageReady();
      return { ok: false, error: pageGoneMessage() };
    }
  }
}
