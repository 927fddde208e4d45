import { browser } from 'wxt/browser';

/** The welcome page's path inside the extension (entrypoints/welcome). */
export const WELCOME_PAGE_PATH = '/welcome.html';

/** Opens the welcome page in a new tab: on install (background) and from the options page. */
export async function openWelcomePage(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE_PATH) });
}
