import type { Worker } from 'playwright-core';

import type { ExtensionBrowser } from '../../../scripts/lib/extension/launch';

/** The extension's running service worker (background.js, the doorway); a stopped one is waited for as it starts. */
export async function ourWorker(browser: ExtensionBrowser): Promise<Worker> {
  const ours = (worker: Worker) => worker.url() === `chrome-extension://${browser.extensionId}/background.js`;
  return (
    browser.context.serviceWorkers().find(ours) ??
    (await browser.context.waitForEvent('serviceworker', { predicate: ours }))
  );
}
