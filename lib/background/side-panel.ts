/**
 * Where Chrome and Firefox differ around the panel. Chrome has a side panel (`sidePanel`, MV3) that its
 * toolbar button opens; Firefox has a sidebar (`sidebar_action`, generated from entrypoints/sidepanel)
 * that its own toolbar button toggles, and builds for MV2, where the button is a `browser_action`.
 */
import { browser } from 'wxt/browser';

interface ChromeSidePanel {
  setPanelBehavior(options: { openPanelOnActionClick: boolean }): Promise<void>;
  open(options: { tabId: number }): Promise<void>;
}

interface FirefoxSidebar {
  open(): Promise<void>;
  isOpen(details: { windowId?: number }): Promise<boolean>;
}

const chromeSidePanel = () => (browser as { sidePanel?: ChromeSidePanel }).sidePanel;
const firefoxSidebar = () => (browser as { sidebarAction?: FirefoxSidebar }).sidebarAction;

/** Chrome: the toolbar button opens the side panel. Firefox's sidebar needs nothing. */
export async function openSidePanelOnActionClick(): Promise<void> {
  await chromeSidePanel()?.setPanelBehavior({ openPanelOnActionClick: true });
}

/**
 * The context-menu context of our toolbar button: `action` in MV3 (Chrome), `browser_action` in MV2
 * (the Firefox build). Firefox rejects the other one, and with it the whole menu item.
 */
export function toolbarButtonContext(
  manifestVersion: 2 | 3 = import.meta.env.MANIFEST_VERSION,
): 'action' | 'browser_action' {
  return manifestVersion === 2 ? 'browser_action' : 'action';
}

/**
 * Opens the panel beside a tab. Call it first in the handler, before any await: both browsers open it
 * only during a user action. Chrome counts a click in our page UI (it reaches us as a message) as one;
 * Firefox counts only its own UI: our context menu, shortcut and toolbar button, not clicks in web pages
 * (https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions/User_actions).
 * With `elseInTab`, when Firefox refuses and its sidebar is closed, the panel page opens in a tab next
 * to that one instead: for requests that exist only to show the panel ("Open in side panel").
 * The returned promise settles when all that is done; it never rejects, and callers need not wait. A panel
 * that could not open is logged: the person sees no panel, and there is nowhere else to say why (the check
 * still runs, and shows in the page and on the toolbar badge).
 */
export function openSidePanelFor(tabId: number, options: { elseInTab?: boolean } = {}): Promise<void> {
  const chrome = chromeSidePanel()?.open({ tabId }).catch(panelNotOpened);
  const sidebar = firefoxSidebar();
  if (!sidebar) return chrome ?? Promise.resolve();
  const refused = async () => {
    if (!options.elseInTab) return;
    const tab = await browser.tabs.get(tabId);
    if (await sidebar.isOpen({ windowId: tab.windowId })) return;
    await browser.tabs.create({
      url: browser.runtime.getURL('/sidepanel.html'),
      windowId: tab.windowId,
      index: tab.index + 1,
      openerTabId: tabId,
    });
  };
  let opening: Promise<void>;
  try {
    opening = sidebar.open();
  } catch (error) {
    opening = Promise.reject(error);
  }
  return opening.catch(refused).catch(panelNotOpened);
}

function panelNotOpened(error: unknown): void {
  console.warn('[factlight] the side panel did not open', error);
}
