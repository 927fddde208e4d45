import { browser } from 'wxt/browser';

import { t } from '../../lib/i18n/i18n';

/**
 * The id of the tab the side panel sits beside (the active tab of the panel's window), for commands
 * that act on the page; throws the message the panel shows when there is none.
 */
export async function activeTabId(): Promise<number> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) throw new Error(t('panelNoActiveTab'));
  return tab.id;
}
