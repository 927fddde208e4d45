/**
 * How long checks stay: older than the days set are deleted, with history off only the browser session's
 * are kept (all go when the browser starts again, and after a day at the latest), a running check never.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import {
  HISTORY_ALARM,
  historyCutoff,
  historyPruner,
  pruneHistory,
  scheduleHistoryRetention,
} from '../../../../lib/background/history-retention';
import { createRunManager } from '../../../../lib/background/run-manager';
import type { CheckRecord } from '../../../../lib/db/entities';
import { FactlightDb } from '../../../../lib/db/schema';
import { DEFAULT_SETTINGS, type HistorySettings } from '../../../../lib/settings/schema';
import { buildCheckRecord } from '../../support/check-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 26);

let db: FactlightDb;

function check(id: string, ageDays: number, status: CheckRecord['status'] = 'done'): CheckRecord {
  return buildCheckRecord(id, status, NOW - ageDays * DAY);
}

function deps(history: HistorySettings) {
  const runs = createRunManager({
    db,
    loadSettings: async () => DEFAULT_SETTINGS,
    extractor: { extract: async () => undefined } as never,
  });
  return {
    db,
    loadSettings: async () => ({ ...DEFAULT_SETTINGS, history }),
    deleteChecks: (checkIds: string[]) => runs.delete({ checkIds }),
    now: () => NOW,
  };
}

beforeEach(async () => {
  fakeBrowser.reset();
  db = new FactlightDb(`history-${Math.random()}`);
  await db.checks.bulkAdd([
    check('today', 0),
    check('week', 7),
    check('month', 31),
    check('old-running', 40, 'running'),
  ]);
  await db.claims.add({ checkId: 'month', id: 'month:c0', claim: {} } as never);
});
afterEach(async () => db.delete());

const ids = async () => (await db.checks.toCollection().primaryKeys()).sort();

describe('history retention', () => {
  it('keeps everything by default', async () => {
    expect(await pruneHistory(deps({ keep: true, days: 0 }))).toBe(0);
    expect(await ids()).toEqual(['month', 'old-running', 'today', 'week']);
  });

  it('deletes finished checks older than the days set, with their rows, and never a running one', async () => {
    expect(await pruneHistory(deps({ keep: true, days: 30 }))).toBe(1);
    expect(await ids()).toEqual(['old-running', 'today', 'week']);
    expect(await db.claims.where('checkId').equals('month').count()).toBe(0);
  });

  it('with history off, keeps a day at most while the browser runs and nothing once it starts again', async () => {
    expect(await pruneHistory(deps({ keep: false, days: 0 }))).toBe(2);
    expect(await ids()).toEqual(['old-running', 'today']);
    expect(await pruneHistory(deps({ keep: false, days: 0 }), true)).toBe(1);
    expect(await ids()).toEqual(['old-running']);
  });

  it('cuts off by creation time', () => {
    expect(historyCutoff({ keep: true, days: 0 }, NOW, false)).toBeUndefined();
    expect(historyCutoff({ keep: true, days: 2 }, NOW, true)).toBe(NOW - 2 * DAY);
    expect(historyCutoff({ keep: false, days: 2 }, NOW, false)).toBe(NOW - DAY);
    expect(historyCutoff({ keep: false, days: 2 }, NOW, true)).toBe(Number.POSITIVE_INFINITY);
  });

  it('runs when the browser starts and on its hourly alarm', async () => {
    const prune = historyPruner(deps({ keep: false, days: 0 }));
    scheduleHistoryRetention(prune);
    await expect.poll(() => fakeBrowser.alarms.get(HISTORY_ALARM)).toMatchObject({ periodInMinutes: 60 });
    await fakeBrowser.alarms.onAlarm.trigger({
      name: HISTORY_ALARM,
      scheduledTime: NOW,
      periodInMinutes: 60,
      persistAcrossSessions: true,
    });
    await expect.poll(ids).toEqual(['old-running', 'today']);
    await fakeBrowser.runtime.onStartup.trigger();
    await expect.poll(ids).toEqual(['old-running']);
  });

  it('keeps the hourly alarm it finds, so frequent wakes do not restart its hour', async () => {
    await fakeBrowser.alarms.create(HISTORY_ALARM, { periodInMinutes: 60, when: NOW + 5_000 });
    scheduleHistoryRetention(() => undefined);
    scheduleHistoryRetention(() => undefined);
    await expect.poll(async () => (await fakeBrowser.alarms.getAll()).length).toBe(1);
    expect((await fakeBrowser.alarms.get(HISTORY_ALARM))?.scheduledTime).toBe(NOW + 5_000);
  });
});
