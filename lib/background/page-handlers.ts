import { browser } from 'wxt/browser';
import type { FactlightDb } from '../db/schema';
import { pageMessaging } from '../messaging/protocol';
import { loadSettings } from '../settings/store';
import { handleCommand, type OwnExtension } from './authorized-handler';
import { openSidePanelFor, runInPage } from './page-commands';

/** Commands linking a check to the page it came from: the floating button's setting, reveal, clear, open. */
export function registerPageHandlers(own: OwnExtension, db: FactlightDb): void {
  handleCommand(own, 'getCaptureSettings', async (_data, origin) => {
    const { capture } = await loadSettings();
    let host = '';
    try {
      host = origin.url ? new URL(origin.url).hostname.toLowerCase().replace(/^www\./, '') : '';
    } catch {
      host = '';
    }
    const off = capture.floatingButtonOffSites.some((site) => host === site || host.endsWith(`.${site}`));
    return { floatingButton: capture.floatingButton && !off, autoCheckReplies: capture.autoCheckReplies };
  });

  handleCommand(own, 'checkSelectionHere', async (_data, origin) => {
    if (origin.tabId === undefined) return { started: false, error: 'Not sent from a page.' };
    openSidePanelFor(origin.tabId);
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

  handleCommand(own, 'openInSidePanel', async ({ checkId, claimId }, origin) => {
    const query = `?check=${encodeURIComponent(checkId)}${claimId ? `&claim=${encodeURIComponent(claimId)}` : ''}`;
    const path = `sidepanel.html${query}`;
    const sidePanel = (browser as { sidePanel?: { setOptions(o: object): Promise<void>; open(o: object): Promise<void> } }).sidePanel;
    if (sidePanel && origin.tabId !== undefined) {
      await sidePanel.setOptions({ tabId: origin.tabId, path, enabled: true });
      // Needs the user's click that led here; Chrome refuses otherwise, and the panel stays closed.
      await sidePanel.open({ tabId: origin.tabId }).catch(() => undefined);
      return;
    }
    const sidebar = (browser as { sidebarAction?: { setPanel(o: object): Promise<void>; open(): Promise<void> } }).sidebarAction;
    await sidebar?.setPanel({ panel: browser.runtime.getURL(`/sidepanel.html${query}`) });
    await sidebar?.open().catch(() => undefined);
  });
}
