import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { FactlightDb, LATEST_VERSION } from '../../../lib/db/schema';
import { v1 } from './fixtures/v1';

/**
 * Every schema version has a frozen example database. Each is written with its own frozen declaration,
 * then opened by the current schema, which must upgrade it without losing a row.
 */
interface Fixture {
  version: number;
  stores: Record<string, string>;
  tables: Record<string, readonly object[]>;
}

/** What each fixture's rows look like after upgrading to the latest version (identity until v2 exists). */
const FIXTURES: Array<{ fixture: Fixture; expectedAfterUpgrade: (table: string, rows: readonly object[]) => readonly object[] }> = [
  { fixture: v1, expectedAfterUpgrade: (_table, rows) => rows },
];

async function writeFrozen(name: string, fixture: Fixture): Promise<void> {
  const old = new Dexie(name);
  old.version(fixture.version).stores(fixture.stores);
  await old.open();
  for (const [table, rows] of Object.entries(fixture.tables)) await old.table(table).bulkAdd([...rows]);
  old.close();
}

function describeSchema(db: Dexie): Record<string, string[]> {
  return Object.fromEntries(db.tables.map((table) => [table.name, [table.schema.primKey.src, ...table.schema.indexes.map((index) => index.src).sort()]]));
}

describe('database migrations', () => {
  it.each(FIXTURES)('upgrades the frozen v$fixture.version database to the latest version', async ({ fixture, expectedAfterUpgrade }) => {
    const name = `migration-test-v${fixture.version}`;
    await writeFrozen(name, fixture);
    const db = new FactlightDb(name);
    await db.open();
    expect(db.verno).toBe(LATEST_VERSION);
    for (const [table, rows] of Object.entries(fixture.tables)) {
      const stored = await db.table(table).toArray();
      expect(stored, table).toEqual(expect.arrayContaining(expectedAfterUpgrade(table, rows).map((row) => expect.objectContaining(row))));
      expect(stored.length, table).toBe(rows.length);
    }
    // The indexed queries the app relies on still answer after the upgrade.
    expect((await db.checks.where('site').equals('example.com').toArray()).map((c) => c.id)).toEqual(['chk-1']);
    expect(await db.evidence.where('claimId').equals('chk-1:c0').count()).toBe(1);
    db.close();
    await Dexie.delete(name);
  });

  it('has a frozen fixture for the latest version, declared exactly as the current schema', async () => {
    const latest = FIXTURES.map((entry) => entry.fixture).find((fixture) => fixture.version === LATEST_VERSION);
    expect(latest, `add tests/unit/db/fixtures/v${LATEST_VERSION}.ts`).toBeDefined();
    const frozen = new Dexie('schema-compare-frozen');
    frozen.version(latest!.version).stores(latest!.stores);
    await frozen.open();
    const current = new FactlightDb('schema-compare-current');
    await current.open();
    expect(describeSchema(current)).toEqual(describeSchema(frozen));
    frozen.close();
    current.close();
  });
});
