import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { registerSettingsHandlers } from '../lib/background/settings-handlers';
import { openSidePanelOnActionClick } from '../lib/background/side-panel';
import { restrictLocalStorageToExtension } from '../lib/background/storage-access';

/** Wires adapters to the command handlers. Everything that needs a key or the network runs here. */
export default defineBackground(() => {
  const own = { id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') };
  void restrictLocalStorageToExtension();
  registerSettingsHandlers(own, browser.runtime.getManifest().version);
  void openSidePanelOnActionClick().catch((error: unknown) => console.warn('[factlight] side panel behaviour', error));
});
