import { browser } from 'wxt/browser';

import { networkPolicyFor } from '../net/network-policy';
import { loadEffectiveSettings, onPolicyChanged } from '../settings/managed-store';
import { DEFAULT_SETTINGS } from '../settings/schema';
import { commandRouter } from './authorized-handler';
import { forwardToEngine } from './engine-commands';
import { engineLoader } from './engine-loader';
import { scheduleHistoryRetention } from './history-retention';
import { followInterfaceLanguage, registerInterfaceLanguageHandlers } from './interface-language';
import { RESUME_ALARM } from './keep-alive';
import { allowModelServerInForce } from './local-model-origin';
import { registerMenuAndShortcut, retitleMenus } from './menu-and-shortcut';
import { startNetworkGuard } from './network-guard';
import { offscreenEngine } from './offscreen-engine/worker-side';
import { registerPageHandlers } from './page-handlers';
import type { RouterHandle } from './router-global';
import { registerSettingsHandlers } from './settings-handlers';
import { openSidePanelOnActionClick } from './side-panel';
import { restrictStorageToExtension } from './storage-access';
import { runsMayBeWaiting } from './waiting-runs';
import { openWelcomePageOnInstall } from './welcome-page';
import type { WorkerEvents } from './worker-events';

/**
 * The worker's router: it answers the light commands (status, settings, a page's capture settings, the catalogue,
 * menus) and loads the engine (engine.ts: the database, the pipeline, the SDKs) only for a command or event that
 * needs it. Keys stay in here and the engine. In Chrome the doorway (entrypoints/background.ts) loads it when an
 * event needs more than the doorway itself answers, and relays the events to it (worker-events.ts); in Firefox it
 * starts with the background page and listens to the browser's own events.
 */
export function startRouter(events: WorkerEvents): RouterHandle {
  const own = { id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') };
  // Checks read the settings in force (the person's, with the organisation's policy over them) when they
  // start, so a policy changed while the browser runs applies to the next check.
  const loadSettings = loadEffectiveSettings;
  // The guard enforces the settings in force (the defaults, which refuse every private address, when they cannot
  // be read). Chrome's rules outlive a stopped worker, so they are applied when the browser starts, on install or
  // update, after a policy change and when the engine starts (it waits for them before its first request).
  const guard = startNetworkGuard(own.baseUrl);
  const applyGuard = () =>
    loadSettings()
      .catch(() => DEFAULT_SETTINGS)
      .then((settings) => guard.apply(networkPolicyFor(settings)))
      .catch((error: unknown) => console.warn('[factlight] network guard not applied', error));
  const deps = { guard, applyGuard, loadSettings };
  // Firefox's background page runs the engine itself; Chrome's offscreen document runs it (offscreen-engine/), so a
  // wake of this worker is not sent the engine's code (issue 27).
  const engine = import.meta.env.FIREFOX ? engineLoader(deps) : offscreenEngine(events, deps);
  // The light commands that say something to a person wait for the interface language's words (loaded on first
  // need) themselves, after anything bound to the user's gesture (opening the side panel): a wait before the
  // handler would make Chrome refuse sidePanel.open.
  const router = commandRouter(own, events.runtime.onMessage);

  void restrictStorageToExtension();
  // Menus and tooltips in the chosen interface language; a change re-titles the menus. A failed re-title has
  // no page to be shown in: the menus keep their former words until the next start.
  followInterfaceLanguage(
    () => void retitleMenus().catch((error: unknown) => console.warn('[factlight] menus not re-titled', error)),
    events,
  );
  registerSettingsHandlers(router, browser.runtime.getManifest().version, guard, events);
  registerPageHandlers(router, (checkId) => engine.get().placeOf(checkId));
  registerInterfaceLanguageHandlers(router);
  // The engine waits for its own words (its own copy of the language module) before it dispatches.
  forwardToEngine(
    router,
    () => engine.started(),
    async () => !engine.loaded() && !(await runsMayBeWaiting()),
  );
  registerMenuAndShortcut(events);

  // Once per browser start and per install or update: the guard's and the local model server's session rules,
  // expired cache rows and interrupted checks (alarms may not outlive a browser restart).
  const started = () => {
    // An engine starting now applies the guard and the local model rule itself; one already running does it again.
    if (engine.loaded()) {
      void applyGuard();
      void allowModelServerInForce().catch((error: unknown) =>
        console.warn('[factlight] local model server rule not restored', error),
      );
    }
    const running = engine.get();
    running.pruneCache();
    running.resume();
  };
  events.runtime.onStartup.addListener(started);
  events.runtime.onInstalled.addListener(started);
  scheduleHistoryRetention((browserStarted) => engine.get().pruneHistory(browserStarted), events);
  // A policy changed while the browser runs (Chrome) may name another server, allow the private network or
  // shorten the history.
  onPolicyChanged(() => {
    void applyGuard();
    engine.get().pruneHistory(false);
  }, events.storage.onChanged);
  // The resume alarm exists while checks or ratings run or wait (the check intake sets it for the check it wrote): a
  // worker stopped mid-check takes them up again on its next start (whatever woke it: the doorway loads the router
  // while the alarm exists) and at the alarm.
  events.alarms?.onAlarm.addListener((alarm) => {
    if (alarm.name === RESUME_ALARM) engine.get().resume();
  });
  void browser.alarms
    ?.get(RESUME_ALARM)
    .then((alarm) => alarm && engine.get().resume())
    .catch((error: unknown) => console.warn('[factlight] resume checks', error));
  // Tabs concern the engine only while it runs or has runs to resume (its page state lives in its memory; in Chrome, a
  // document closed when idle or gone holds none: engine.loaded() is false then).
  events.tabs.onRemoved.addListener((tabId) => {
    if (engine.loaded()) engine.get().tabRemoved(tabId);
  });
  // A navigation while checks run (the resume alarm exists) loads the engine, which resumes them: the badge of a
  // check that then finishes must know its tab moved on.
  events.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status !== 'loading') return;
    if (engine.loaded()) return engine.get().tabNavigated(tabId);
    void browser.alarms
      ?.get(RESUME_ALARM)
      .then((alarm) => alarm && engine.get().tabNavigated(tabId))
      .catch((error: unknown) => console.warn('[factlight] navigation not recorded', error));
  });
  openWelcomePageOnInstall(events);
  void openSidePanelOnActionClick().catch((error: unknown) => console.warn('[factlight] side panel behaviour', error));
  return { resumeRuns: () => engine.get().resume() };
}
