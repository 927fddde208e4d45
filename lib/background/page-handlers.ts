import type { FactlightDb } from '../db/schema';
import { hostOf } from '../core/text/hosts';
import { requestPanelFocus } from '../messaging/panel-focus';
import { pageMessaging } from '../messaging/protocol';
import { loadSettings } from '../settings/store';
import { handleCommand, type OwnExtension } from './authorized-handler';
import { runInPage } from './page-commands';
import { openSidePanelFor } from './side-panel';

/** Commands linking a check to the page it came from: the floating button's setting, page checks, reveal, clear, open. */
export function registerPageHandlers(own: OwnExtension, db: FactlightDb): void {
  handleCommand(own, 'getCaptureSettings', async (_data, origin) => {
    const { capture } = await loadSettings();
    const host = (origin.url && hostOf(origin.url)) || '';
    const off = capture.floatingButtonOffSites.some((site) => host === site || host.endsWith(`.${site}`));
    return { floatingButton: capture.floatingButton && !off, autoCheckReplies: capture.autoCheckReplies };
  });

  handleCommand(own, 'checkSelectionHere', async (_data, origin) => {
    if (origin.tabId === undefined) return { started: false, error: 'Not sent from a page.' };
    void openSidePanelFor(origin.tabId);
    return runInPage('checkSelection', origin.tabId, origin.frameId ?? 0);
  });

  handleCommand(own, 'revealClaim', async ({ checkId, claimId }) => {
    const check = await db.checks.get(checkId);
    if (check?.tabId === undefined) return { shown: false };
    try {
      return await pageMessaging.sendMessage('revealClaim', { checkId, claimId }, { tabId: check.tabId, frameId: check.frameId ?? 0 });
    } catch {
      return { shown: false };
    }
  });

  handleCommand(own, 'clearPageHighlights', async ({ checkId }) => {
    const check = await db.checks.get(checkId);
    if (check?.tabId === undefined) return;
    await pageMessaging.sendMessage('clearHighlights', undefined, { tabId: check.tabId, frameId: check.frameId ?? 0 }).catch(() => undefined);
  });

  handleCommand(own, 'checkPageInTab', ({ tabId }) => runInPage('checkPage', tabId));

  handleCommand(own, 'openInSidePanel', async ({ checkId, claimId }, origin) => {
    // First, before any await: Chrome lets sidePanel.open through only while the user's click that sent
    // this message still counts as a gesture, and refuses it (the panel stays closed) after one. Firefox
    // never counts a click in a web page, so there the panel opens in a tab unless the sidebar is open.
    if (origin.tabId !== undefined) void openSidePanelFor(origin.tabId, { elseInTab: true });
    // The panel, already open or opening now, picks this up and shows the claim.
    await requestPanelFocus(checkId, claimId);
  });
}
