/**
 * How long checks stay in the history (the person's setting, or the organisation's `keepHistory` and
 * `historyDays`). With a number of days, older checks are deleted. With history off, checks are kept for
 * the browser session only: all are deleted when the browser starts again, and, for a browser left open
 * for days, any older than a day. A check still running is never deleted. The clean-up runs when the
 * browser starts, every hour (an alarm) and after a change of policy.
 */
import { browser } from 'wxt/browser';

import type { FactlightDb } from '../db/schema';
import type { HistorySettings, Settings } from '../settings/schema';
import type { WorkerEvents } from './worker-events';

export const HISTORY_ALARM = 'factlight-history-retention';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest creation time a finished check may have now, or undefined when every check is kept. */
export function historyCutoff(history: HistorySettings, now: number, browserStarted: boolean): number | undefined {
  if (!history.keep) return browserStarted ? Number.POSITIVE_INFINITY : now - DAY_MS;
  return history.days > 0 ? now - history.days * DAY_MS : undefined;
}

export interface HistoryRetentionDeps {
  db: FactlightDb;
  loadSettings(): Promise<Settings>;
  /** Deletes checks with everything that belongs to them (the run manager's delete). */
  deleteChecks(checkIds: string[]): Promise<number>;
  now?: () => number;
}

/** Deletes the finished checks the history settings no longer keep; answers how many. */
export async function pruneHistory(deps: HistoryRetentionDeps, browserStarted = false): Promise<number> {
  const { history } = await deps.loadSettings();
  const cutoff = historyCutoff(history, (deps.now ?? Date.now)(), browserStarted);
  if (cutoff === undefined) return 0;
  const old = await deps.db.checks
    .where('createdAt')
    .below(cutoff)
    .filter((check) => check.status !== 'running' && check.status !== 'queued')
    .primaryKeys();
  return old.length > 0 ? deps.deleteChecks(old) : 0;
}

/** Deletes what the settings no longer keep, now; a failure has no page to be shown in, so it is logged. */
export function historyPruner(deps: HistoryRetentionDeps): (browserStarted?: boolean) => void {
  return (browserStarted = false) =>
    void pruneHistory(deps, browserStarted).catch((error: unknown) =>
      console.warn('[factlight] history clean-up', error),
    );
}

/**
 * When the clean-up runs, registered by the worker at every wake (listeners must be there before the event that
 * wakes it): when the browser starts, and every hour. `prune` loads the engine.
 * The alarm is created only when missing: creating it again at each wake would restart its hour every time.
 */
export function scheduleHistoryRetention(
  prune: (browserStarted: boolean) => void,
  events: WorkerEvents = browser,
): void {
  events.runtime.onStartup.addListener(() => prune(true));
  events.alarms?.onAlarm.addListener((alarm) => {
    if (alarm.name === HISTORY_ALARM) prune(false);
  });
  void browser.alarms
    ?.get(HISTORY_ALARM)
    .then(async (alarm) => {
      if (!alarm) await browser.alarms.create(HISTORY_ALARM, { periodInMinutes: 60 });
    })
    .catch((error: unknown) => console.warn('[factlight] history alarm not set', error));
}
