import { browser } from 'wxt/browser';

/** The welcome page's path inside the extension (entrypoints/welcome). */
export const WELCOME_PAGE_PATH = '/welcome.html';

/** Opens the welcome page in a new tab (install, and the options page's "Open the welcome page"). */
export async function openWelcomePage(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE_PATH) });
}

/**
 * Opens the welcome page once, when the extension is installed: a new user lands on what Factlight does
 * and how to set up a model. Updates, browser restarts (no event) and shared-module installs open nothing.
 * The listener must be added while the background starts, or the event is missed.
 */
export function openWelcomePageOnInstall(): void {
  browser.runtime.onInstalled.addListener((details) => {
    if (details.reason !== 'install') return;
    openWelcomePage().catch((error: unknown) => console.warn('[factlight] welcome page', error));
  });
}
