import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { registerCheckHandlers } from '../lib/background/check-handlers';
import { keepAliveWhile, RESUME_ALARM } from '../lib/background/keep-alive';
import { createRunManager } from '../lib/background/run-manager';
import { registerSettingsHandlers } from '../lib/background/settings-handlers';
import { openSidePanelOnActionClick } from '../lib/background/side-panel';
import { restrictLocalStorageToExtension } from '../lib/background/storage-access';
import { FactlightDb } from '../lib/db/schema';
import { createLinkedomExtractor } from '../lib/extract/linkedom-extractor';
import { loadSettings } from '../lib/settings/store';

/** Wires adapters to the command handlers. Everything that needs a key or the network runs here. */
export default defineBackground(() => {
  const own = { id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') };
  void restrictLocalStorageToExtension();
  const db = new FactlightDb();
  const runs = createRunManager({ db, loadSettings, extractor: createLinkedomExtractor(), onActivityChange: keepAliveWhile });
  registerSettingsHandlers(own, browser.runtime.getManifest().version);
  registerCheckHandlers(own, runs, db);
  // A worker stopped mid-check picks its runs up again on its next start or alarm.
  void runs.resumeInterrupted();
  browser.alarms?.onAlarm.addListener((alarm) => {
    if (alarm.name === RESUME_ALARM) void runs.resumeInterrupted();
  });
  void openSidePanelOnActionClick().catch((error: unknown) => console.warn('[factlight] side panel behaviour', error));
});
