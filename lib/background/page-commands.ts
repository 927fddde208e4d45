import { browser } from 'wxt/browser';
import { pageMessaging, type PageCheckResult } from '../messaging/protocol';
import { openSidePanelFor, toolbarButtonContext } from './side-panel';
import { injectHighlighter } from './tab-sync';
import { errorMessage } from '../core/errors';

/**
 * Starting a check from a page: the floating button, the context menu and the keyboard shortcut all end
 * here. Factlight's page code is injected into that tab and frame (if not there yet), then asked to
 * capture the selection, or the article, and start the check.
 */
export type PageAction = 'checkSelection' | 'checkPage';

export async function runInPage(action: PageAction, tabId: number, frameId = 0): Promise<PageCheckResult> {
  try {
    await injectHighlighter(tabId, frameId);
    return await pageMessaging.sendMessage(action, undefined, { tabId, frameId });
  } catch (error) {
    return { started: false, error: `Factlight cannot run on this page (${errorMessage(error)}).` };
  }
}

const MENU_SELECTION = 'factlight-check-selection';
const MENU_PAGE = 'factlight-check-page';
export const SHORTCUT_COMMAND = 'check-selection';

/** Context-menu items and the keyboard shortcut. */
export function registerPageEntryPoints(): void {
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create({ id: MENU_SELECTION, title: 'Fact-check selection', contexts: ['selection'] });
    browser.contextMenus.create({ id: MENU_PAGE, title: 'Fact-check this page', contexts: ['page', toolbarButtonContext()] });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (tab?.id === undefined) return;
    void openSidePanelFor(tab.id);
    void runInPage(info.menuItemId === MENU_PAGE ? 'checkPage' : 'checkSelection', tab.id, info.frameId ?? 0);
  });
  browser.commands?.onCommand.addListener((command, tab) => {
    if (command !== SHORTCUT_COMMAND || tab?.id === undefined) return;
    void openSidePanelFor(tab.id);
    void runInPage('checkSelection', tab.id);
  });
}
