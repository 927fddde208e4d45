import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';

import { createBackgroundExtractor } from '../lib/background/article-extractor';
import { createToolbarBadge } from '../lib/background/badge';
import { registerCheckHandlers } from '../lib/background/check-handlers';
import { keepHistoryAsSet } from '../lib/background/history-retention';
import { registerInterfaceLanguageHandlers, startBackgroundLanguage } from '../lib/background/interface-language';
import { keepAliveWhile, RESUME_ALARM } from '../lib/background/keep-alive';
import { registerMenuAndShortcut, retitleMenus } from '../lib/background/menu-and-shortcut';
import { startNetworkGuard } from '../lib/background/network-guard';
import { registerPageHandlers } from '../lib/background/page-handlers';
import { registerRatingHandlers } from '../lib/background/rating-handlers';
import { createRatingManager } from '../lib/background/rating-manager';
import { createRunManager } from '../lib/background/run-manager';
import { registerSettingsHandlers } from '../lib/background/settings-handlers';
import { openSidePanelOnActionClick } from '../lib/background/side-panel';
import { restrictStorageToExtension } from '../lib/background/storage-access';
import { createTabSync } from '../lib/background/tab-sync';
import { openWelcomePageOnInstall } from '../lib/background/welcome-page';
import { createDexieCache } from '../lib/db/dexie-cache';
import { FactlightDb } from '../lib/db/schema';
import { languageModelOf } from '../lib/llm/prompt-api';
import { networkPolicyFor } from '../lib/net/network-policy';
import { loadEffectiveSettings, onPolicyChanged } from '../lib/settings/managed-store';
import { DEFAULT_SETTINGS } from '../lib/settings/schema';

/** Wires adapters to the command handlers. Everything that needs a key or the network runs here. */
export default defineBackground(() => {
  const own = { id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') };
  // Checks read the settings in force (the person's, with the organisation's policy over them) when they
  // start, so a policy changed while the browser runs applies to the next check.
  const loadSettings = loadEffectiveSettings;
  // First: no request of ours leaves before the guard enforces the settings in force (the defaults, which
  // refuse every private address, when they cannot be read). Runs wait for `networkReady`.
  const guard = startNetworkGuard(own.baseUrl);
  const applyGuard = () =>
    loadSettings()
      .catch(() => DEFAULT_SETTINGS)
      .then((settings) => guard.apply(networkPolicyFor(settings)))
      .catch((error: unknown) => console.warn('[factlight] network guard not applied', error));
  const networkReady = applyGuard();
  // A policy changed while the browser runs (Chrome) may name another server or allow the private network.
  onPolicyChanged(() => void applyGuard());
  void restrictStorageToExtension();
  // Menus and tooltips in the chosen interface language; a change re-titles the menus. A failed re-title has
  // no page to be shown in: the menus keep their former words until the next start.
  void startBackgroundLanguage(
    () => void retitleMenus().catch((error: unknown) => console.warn('[factlight] menus not re-titled', error)),
  );
  const db = new FactlightDb();
  // Expired cache rows nobody reads again are only removed here: once per browser start and per install or
  // update, not at every wake of the worker (a wake should only register listeners, issue 27).
  const pruneCache = () =>
    void createDexieCache(db, { now: () => Date.now() })
      .prune()
      .catch((error: unknown) => console.warn('[factlight] cache prune', error));
  browser.runtime.onStartup.addListener(pruneCache);
  browser.runtime.onInstalled.addListener(pruneCache);
  const tabs = createTabSync(db);
  const badge = createToolbarBadge(db);
  // The worker stays awake while any check or rating runs.
  const active = { checks: 0, ratings: 0 };
  const keepAlive = () => keepAliveWhile(active.checks + active.ratings);
  const extractor = createBackgroundExtractor();
  // Page fetches follow redirects in one request; the guard checks every hop (lib/extract/page-fetcher.ts).
  const network = { pages: { redirects: 'browser' as const }, networkReady };
  const runs = createRunManager({
    db,
    loadSettings,
    extractor,
    ...network,
    onActivityChange: (n) => ((active.checks = n), keepAlive()),
    // Each persisted step redraws the check in its page and the toolbar badge of its tab.
    onCheckChanged: (checkId) => (tabs.changed(checkId), void badge.changed(checkId)),
    // The worker has no page to show a failure in: badges that are wrong until the next change are only logged.
    onChecksDeleted: () =>
      void badge.deleted().catch((error: unknown) => console.warn('[factlight] badge after delete', error)),
    languageModel: () => languageModelOf(globalThis),
  });
  const ratings = createRatingManager({
    db,
    loadSettings,
    extractor,
    ...network,
    onActivityChange: (n) => ((active.ratings = n), keepAlive()),
  });
  registerSettingsHandlers(own, browser.runtime.getManifest().version, guard);
  registerCheckHandlers(own, runs, db);
  registerRatingHandlers(own, ratings);
  registerPageHandlers(own, db);
  registerMenuAndShortcut();
  const history = keepHistoryAsSet({
    db,
    loadSettings,
    deleteChecks: (checkIds) => runs.delete({ checkIds }),
  });
  onPolicyChanged(() => history.prune());
  registerInterfaceLanguageHandlers(own);
  browser.tabs.onRemoved.addListener((tabId) => (tabs.forgetTab(tabId), badge.forgetTab(tabId)));
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status !== 'loading') return;
    tabs.forgetTab(tabId);
    badge.navigated(tabId);
  });
  // A worker stopped mid-check picks its runs up again on its next start or alarm. A resume that cannot
  // read the database is only logged: the side panel asks again when it opens and says when we do not answer.
  const resume = () => {
    runs.resumeInterrupted().catch((error: unknown) => console.warn('[factlight] resume checks', error));
    ratings.resumeInterrupted().catch((error: unknown) => console.warn('[factlight] resume ratings', error));
  };
  resume();
  browser.alarms?.onAlarm.addListener((alarm) => {
    if (alarm.name === RESUME_ALARM) resume();
  });
  openWelcomePageOnInstall();
  void openSidePanelOnActionClick().catch((error: unknown) => console.warn('[factlight] side panel behaviour', error));
});
