/**
 * The context-menu items ("Fact-check selection", "Fact-check this page") and the keyboard shortcut: each
 * opens the side panel at once (inside the user's action) and starts the check in the page it was used on.
 */
import { browser } from 'wxt/browser';

import { t } from '../i18n/i18n';
import { interfaceLanguageReady } from './interface-language';
import { runInPageAndReport } from './run-in-page';
import { openSidePanelFor, toolbarButtonContext } from './side-panel';
import type { WorkerEvents } from './worker-events';

const MENU_SELECTION = 'factlight-check-selection';
const MENU_PAGE = 'factlight-check-page';
export const SHORTCUT_COMMAND = 'check-selection';

export function registerMenuAndShortcut(events: WorkerEvents = browser): void {
  events.runtime.onInstalled.addListener(async () => {
    // In the chosen interface language; a later change re-titles them (retitleMenus).
    await interfaceLanguageReady();
    browser.contextMenus.create({ id: MENU_SELECTION, title: t('menuCheckSelection'), contexts: ['selection'] });
    browser.contextMenus.create({
      id: MENU_PAGE,
      title: t('menuCheckPage'),
      contexts: ['page', toolbarButtonContext()],
    });
  });
  events.contextMenus.onClicked.addListener((info, tab) => {
    if (tab?.id === undefined) return;
    void openSidePanelFor(tab.id);
    // runInPageAndReport never rejects: a check that did not start is said in the side panel.
    void runInPageAndReport(info.menuItemId === MENU_PAGE ? 'checkPage' : 'checkSelection', tab.id, info.frameId ?? 0);
  });
  events.commands?.onCommand.addListener((command, tab) => {
    if (command !== SHORTCUT_COMMAND || tab?.id === undefined) return;
    void openSidePanelFor(tab.id);
    void runInPageAndReport('checkSelection', tab.id);
  });
}

/** The menus in the interface language now in use (after the person chose another one). */
export async function retitleMenus(): Promise<void> {
  await browser.contextMenus.update(MENU_SELECTION, { title: t('menuCheckSelection') });
  await browser.contextMenus.update(MENU_PAGE, { title: t('menuCheckPage') });
}
