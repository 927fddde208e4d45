/**
 * Every schema version has a frozen example database. Each is written with its own frozen declaration,
 * then opened by the current schema, which must upgrade it without losing a row.
 */
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';

import { loadCheckView } from '../../../../lib/db/check-view';
import { FactlightDb, LATEST_VERSION } from '../../../../lib/db/schema';
import { v1 } from './fixtures/v1';
import { v2 } from './fixtures/v2';
import { v3 } from './fixtures/v3';

interface Fixture {
  version: number;
  stores: Record<string, string>;
  tables: Record<string, readonly object[]>;
}

/** v1 rows after the v1 → v2 upgrade: core types in claims and evidence, stances moved to the claim. */
const V1_AFTER_UPGRADE: Record<string, readonly object[]> = {
  checks: [
    {
      ...v1.tables.checks[0],
      searchWords: expect.arrayContaining(['example.com', 'paris', 'eiffel', 'tower', '1889']),
      progress: { sentences: 0, claims: 2, checkWorthy: 2, verdicts: 2, evidence: 0 },
      warnings: [],
    },
    { ...v1.tables.checks[1], searchWords: expect.arrayContaining(['der', 'mond', 'käse']), warnings: [] },
  ],
  sentences: v1.tables.sentences,
  claims: [
    {
      id: 'chk-1:c0',
      checkId: 'chk-1',
      claim: {
        id: 'c0',
        sentenceIndex: 0,
        text: 'The Eiffel Tower was completed in 1889.',
        span: { start: 0, end: 39 },
        anchored: true,
        checkWorthy: true,
      },
      assessment: {
        claimId: 'c0',
        verdict: 'supported',
        judgements: [{ evidenceId: 'e0', stance: 'supports', rationale: 'Gives 1889.' }],
        explanation: '',
        citedEvidenceIds: ['e0'],
      },
    },
  ],
  evidence: [
    {
      id: 'chk-1:e0',
      checkId: 'chk-1',
      claimId: 'c0',
      evidence: {
        id: 'e0',
        claimId: 'c0',
        passage: 'Constructed from 1887 to 1889…',
        origin: 'page',
        source: {
          url: 'https://en.wikipedia.org/wiki/Eiffel_Tower',
          host: 'en.wikipedia.org',
          title: 'Eiffel Tower',
          provider: 'searxng',
          sourceType: 'other',
        },
      },
    },
  ],
  cache: v1.tables.cache,
};

const FIXTURES: Array<{
  fixture: Fixture;
  expectedAfterUpgrade: (table: string, rows: readonly object[]) => readonly object[];
}> = [
  { fixture: v1, expectedAfterUpgrade: (table) => V1_AFTER_UPGRADE[table] ?? [] },
  { fixture: v2, expectedAfterUpgrade: (_table, rows) => rows },
  { fixture: v3, expectedAfterUpgrade: (_table, rows) => rows },
];

async function writeFrozen(name: string, fixture: Fixture): Promise<void> {
  const old = new Dexie(name);
  old.version(fixture.version).stores(fixture.stores);
  await old.open();
  for (const [table, rows] of Object.entries(fixture.tables)) await old.table(table).bulkAdd([...rows]);
  old.close();
}

function describeSchema(db: Dexie): Record<string, string[]> {
  return Object.fromEntries(
    db.tables.map((table) => [
      table.name,
      [table.schema.primKey.src, ...table.schema.indexes.map((index) => index.src).sort()],
    ]),
  );
}

describe('database migrations', () => {
  it.each(FIXTURES)(
    'upgrades the frozen v$fixture.version database to the latest version',
    async ({ fixture, expectedAfterUpgrade }) => {
      const name = `migration-test-v${fixture.version}`;
      await writeFrozen(name, fixture);
      const db = new FactlightDb(name);
      await db.open();
      expect(db.verno).toBe(LATEST_VERSION);
      for (const [table, rows] of Object.entries(fixture.tables)) {
        const stored = await db.table(table).toArray();
        const expected = expectedAfterUpgrade(table, rows);
        expect(stored.length, table).toBe(rows.length);
        expect(stored, table).toEqual(expect.arrayContaining(expected.map((row) => expect.objectContaining(row))));
      }
      // The indexed queries the app relies on answer after the upgrade, and a check loads as a whole.
      const first = fixture.tables.checks![0] as { id: string; site?: string };
      expect((await db.checks.where('site').equals(first.site!).toArray()).map((c) => c.id)).toContain(first.id);
      expect((await db.checks.where('searchWords').startsWith('ex').toArray()).map((c) => c.id)).toContain(first.id);
      const view = await loadCheckView(db, first.id);
      expect(view?.claims.length).toBeGreaterThan(0);
      expect(view?.evidence.length).toBeGreaterThan(0);
      db.close();
      await Dexie.delete(name);
    },
  );

  it('has a frozen fixture for the latest version, declared exactly as the current schema', async () => {
    const latest = FIXTURES.map((entry) => entry.fixture).find((fixture) => fixture.version === LATEST_VERSION);
    expect(latest, `add tests/unit/lib/db/fixtures/v${LATEST_VERSION}.ts`).toBeDefined();
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
