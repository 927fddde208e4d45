import { browser } from 'wxt/browser';

import { openWelcomePage } from '../welcome/open-welcome-page';
import type { WorkerEvents } from './worker-events';

/**
 * Opens the welcome page once, when the extension is installed: a new user lands on what Factlight does
 * and how to set up a model. Updates, browser updates, shared-module events and browser restarts (no
 * event at all) open nothing. The listener must be added while the background starts, or the event is
 * missed.
 */
export function openWelcomePageOnInstall(events: WorkerEvents = browser): void {
  events.runtime.onInstalled.addListener((details) => {
    if (details.reason !== 'install') return;
    openWelcomePage().catch((error: unknown) => console.warn('[factlight] welcome page', error));
  });
}
