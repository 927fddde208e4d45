/**
 * The engine: everything a check, a rating or a connection test needs (the database, the pipeline, the model
 * SDK, the parsers), most of the background's code. The worker registers its listeners and answers light commands
 * without it; it loads the engine on the first command or event that needs it (engine-loader.ts), so a wake
 * parses a small script instead of the whole pipeline (issue 27). Built as its own script, entrypoints/engine.ts.
 */
import { createDexieCache } from '../db/dexie-cache';
import { FactlightDb } from '../db/schema';
import { createDomParserExtractor } from '../extract/dom-parser-extractor';
import { languageModelOf } from '../llm/prompt-api';
import type { Settings } from '../settings/schema';
import type { CommandOrigin } from './authorized-handler';
import { createToolbarBadge } from './badge';
import { registerCheckHandlers } from './check-handlers';
import { createCommandTable } from './command-table';
import { registerConnectionTestHandlers } from './connection-handlers';
import type { EngineCommand } from './engine-commands';
import { historyPruner } from './history-retention';
import { startBackgroundLanguage } from './interface-language';
import { keepAliveWhile } from './keep-alive';
import { allowModelServerInForce } from './local-model-origin';
import type { NetworkGuard } from './network-guard';
import type { CheckPlace } from './page-handlers';
import { registerPlacementHandlers } from './placement-handlers';
import { registerRatingHandlers } from './rating-handlers';
import { createRatingManager } from './rating-manager';
import { createRunManager } from './run-manager';
import { createTabSync } from './tab-sync';

export interface EngineDeps {
  /** The worker's network guard: the engine applies it before its first request and after connection tests. */
  guard: NetworkGuard;
  /** Applies the settings in force to the guard; settles when it enforces them. */
  applyGuard(): Promise<void>;
  loadSettings(): Promise<Settings>;
  /**
   * Set where the engine runs in Chrome's offscreen document (offscreen-engine/engine-host.ts): told how many checks
   * and ratings run, so the document stays open while any does and its worker stays awake (the worker's keep-alive
   * and resume alarm, driven from there).
   */
  hosted?: { onActivity(active: number): void };
}

export interface Engine {
  /** Answers an engine command (engine-commands.ts), its sender and data already checked by the worker's router. */
  dispatch(command: EngineCommand, data: unknown, origin: CommandOrigin): Promise<unknown>;
  /** Where a check was made (its tab and frame), for the worker's page commands. */
  placeOf: CheckPlace;
  /** Takes up checks and ratings a stopped worker left running. */
  resume(): void;
  /** Removes expired cache rows (once per browser start, install or update). */
  pruneCache(): void;
  /** Deletes the checks the history settings no longer keep. */
  pruneHistory(browserStarted: boolean): void;
  tabRemoved(tabId: number): void;
  tabNavigated(tabId: number): void;
}

export function startEngine(deps: EngineDeps): Engine {
  const { guard, loadSettings } = deps;
  // The engine's own words (its copy of the i18n module) in the chosen interface language: every command waits
  // for them, so the first answer after the engine starts is in that language too.
  const languageReady = startBackgroundLanguage();
  // No request of the engine's leaves before the guard enforces the settings in force, and the model server's
  // Origin rule is in place (a session rule: gone if the extension was disabled and enabled again); runs wait.
  const networkReady = Promise.all([
    deps.applyGuard(),
    allowModelServerInForce().catch((error: unknown) =>
      console.warn('[factlight] local model server rule not restored', error),
    ),
  ]);
  const db = new FactlightDb();
  const tabs = createTabSync(db);
  const badge = createToolbarBadge(db);
  // The worker stays awake while any check or rating runs.
  const active = { checks: 0, ratings: 0 };
  // Where the engine runs in Chrome's offscreen document, its worker keeps itself awake and sets the resume alarm
  // from the counts the document sends it (offscreen-engine/worker-side.ts), as it did when it ran the engine itself.
  const keepAliveFor = (runs: number) => (deps.hosted ? deps.hosted.onActivity(runs) : keepAliveWhile(runs));
  const keepAlive = () => keepAliveFor(active.checks + active.ratings);
  // The browser's own DOMParser and Readability: the engine runs where there is a DOM (Firefox's background page,
  // Chrome's offscreen document: offscreen-engine/).
  const extractor = createDomParserExtractor();
  // What checks and ratings share. Page fetches follow redirects in one request; the guard checks every hop
  // (lib/extract/page-fetcher.ts).
  const shared = { db, loadSettings, extractor, pages: { redirects: 'browser' as const }, networkReady };
  const runs = createRunManager({
    ...shared,
    onActivityChange: (n) => ((active.checks = n), keepAlive()),
    // Each persisted step redraws the check in its page and the toolbar badge of its tab.
    onCheckChanged: (checkId) => (tabs.changed(checkId), void badge.changed(checkId)),
    // The worker has no page to show a failure in: badges that are wrong until the next change are only logged.
    onChecksDeleted: () =>
      void badge.deleted().catch((error: unknown) => console.warn('[factlight] badge after delete', error)),
    languageModel: () => languageModelOf(globalThis),
  });
  const ratings = createRatingManager({
    ...shared,
    onActivityChange: (n) => ((active.ratings = n), keepAlive()),
  });
  const table = createCommandTable();
  registerCheckHandlers(table, runs, db);
  registerRatingHandlers(table, ratings);
  registerConnectionTestHandlers(table, guard);
  registerPlacementHandlers(table, tabs);
  // No clean-up or resume here: the engine often starts for a check, and a resume started beside it could take the
  // new check's row for an interrupted one. The router asks for them (its alarms, the browser's start, commands).
  const pruneHistory = historyPruner({ db, loadSettings, deleteChecks: (checkIds) => runs.delete({ checkIds }) });

  // A resume that cannot read the database is only logged: the side panel asks again when it opens and says
  // when we do not answer. Once both have looked, a resume alarm left by a run that is gone is cleared.
  const resume = () => {
    void Promise.allSettled([
      runs.resumeInterrupted().catch((error: unknown) => console.warn('[factlight] resume checks', error)),
      ratings.resumeInterrupted().catch((error: unknown) => console.warn('[factlight] resume ratings', error)),
    ]).then(() =>
      // Counting the runs being taken up too (`activeRuns`): a resume that settles before they have started must not
      // clear the alarm a check still waiting for its run relies on.
      keepAliveFor(Math.max(active.checks, runs.activeRuns) + active.ratings),
    );
  };

  return {
    dispatch: async (command, data, origin) => {
      await languageReady;
      return table.dispatch(command, data, origin);
    },
    placeOf: (checkId) => db.checks.get(checkId),
    resume,
    pruneCache: () =>
      void createDexieCache(db, { now: () => Date.now() })
        .prune()
        .catch((error: unknown) => console.warn('[factlight] cache prune', error)),
    pruneHistory: (browserStarted) => pruneHistory(browserStarted),
    tabRemoved: (tabId) => (tabs.forgetTab(tabId), badge.forgetTab(tabId)),
    tabNavigated: (tabId) => (tabs.forgetTab(tabId), badge.navigated(tabId)),
  };
}
