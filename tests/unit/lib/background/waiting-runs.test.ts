/**
 * The router's look for interrupted runs, straight in IndexedDB: what decides whether a side panel's resume loads
 * the engine. It must see what the run and rating managers would resume, and never create the database itself.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { runsMayBeWaiting } from '../../../../lib/background/waiting-runs';
import type { CheckRecord, RatingRecord } from '../../../../lib/db/entities';
import { FactlightDb } from '../../../../lib/db/schema';
import { buildCheckRecord } from '../../support/check-fixtures';

let name = '';
let db: FactlightDb | undefined;

function freshName(): string {
  name = `waiting-runs-${Math.random().toString(36).slice(2)}`;
  return name;
}

function check(id: string, status: CheckRecord['status']): CheckRecord {
  return buildCheckRecord(id, status);
}

function rating(id: string, status: RatingRecord['status']): RatingRecord {
  return { id, createdAt: 1, updatedAt: 1, status, claim: 'c', explanation: 'e', evidence: [], links: [] };
}

afterEach(async () => {
  db?.close();
  db = undefined;
  await FactlightDb.delete(name);
});

describe('runsMayBeWaiting', () => {
  it('answers no when the database does not exist, and leaves none behind for Dexie to find', async () => {
    freshName();
    expect(await runsMayBeWaiting(indexedDB, name)).toBe(false);
    expect((await indexedDB.databases()).map((found) => found.name)).not.toContain(name);
    // Dexie then creates it with every store, as on a first start.
    db = new FactlightDb(name);
    await db.checks.put(check('a', 'running'));
    expect(await runsMayBeWaiting(indexedDB, name)).toBe(true);
  });

  it('sees a running or queued check and a running rating, and nothing in finished ones', async () => {
    db = new FactlightDb(freshName());
    await db.checks.bulkPut([check('done', 'done'), check('failed', 'failed'), check('cancelled', 'cancelled')]);
    await db.ratings.put(rating('r1', 'done'));
    expect(await runsMayBeWaiting(indexedDB, name)).toBe(false);

    await db.checks.put(check('queued', 'queued'));
    expect(await runsMayBeWaiting(indexedDB, name)).toBe(true);
    await db.checks.delete('queued');
    await db.ratings.put(rating('r2', 'running'));
    expect(await runsMayBeWaiting(indexedDB, name)).toBe(true);
  });

  it('answers yes when the database cannot be read, so the engine looks itself', async () => {
    const broken = {
      open: () => {
        throw new Error('disk gone');
      },
    } as unknown as IDBFactory;
    expect(await runsMayBeWaiting(broken, freshName())).toBe(true);
  });
});
