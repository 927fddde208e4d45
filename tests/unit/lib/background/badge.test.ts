import { Dexie } from 'dexie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import {
  BADGE_DISPUTED_COLOR,
  BADGE_FAILED,
  BADGE_FAILED_COLOR,
  BADGE_RUNNING,
  BADGE_RUNNING_COLOR,
  BADGE_WRONG_COLOR,
  badgeFor,
  badgeTitle,
  createToolbarBadge,
} from '../../../../lib/background/badge';
import { createRunManager } from '../../../../lib/background/run-manager';
import type { Verdict } from '../../../../lib/core/types';
import { EMPTY_PROGRESS } from '../../../../lib/db/check-rows';
import type { CheckRecord, ClaimRecord } from '../../../../lib/db/entities';
import { FactlightDb } from '../../../../lib/db/schema';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { DEFAULT_SETTINGS } from '../../../../lib/settings/schema';
import { worldSettings } from '../../../../scripts/bench/world-settings';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../../../scripts/lib/servers/index';

/** The toolbar badge follows the persisted check of each tab, read back from fake-browser's `action`. */
describe('toolbar badge', () => {
  const DB_NAME = 'badge';
  let db: FactlightDb;

  beforeEach(() => {
    fakeBrowser.reset();
    db = new FactlightDb(DB_NAME);
  });
  afterEach(async () => {
    db.close();
    await Dexie.delete(DB_NAME);
  });

  const badgeText = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });
  const badgeColor = (tabId: number) => fakeBrowser.action.getBadgeBackgroundColor({ tabId });
  const red = [0xc5, 0x22, 0x1f, 255];

  function check(id: string, fields: Partial<CheckRecord>): CheckRecord {
    return {
      id,
      createdAt: 1,
      updatedAt: 1,
      status: 'done',
      origin: 'selection',
      text: 'x',
      inputHash: 'h',
      searchWords: [],
      progress: { ...EMPTY_PROGRESS },
      warnings: [],
      ...fields,
    };
  }
  function claim(checkId: string, n: number, verdict?: Verdict): ClaimRecord {
    const claimId = `k${n}`;
    return {
      id: `${checkId}:${claimId}`,
      checkId,
      claim: {
        id: claimId,
        sentenceIndex: 0,
        text: `claim ${n}`,
        start: 0,
        end: 1,
        checkWorthy: true,
      } as unknown as ClaimRecord['claim'],
      ...(verdict ? { assessment: { claimId, verdict, judgements: [], explanation: '', citedEvidenceIds: [] } } : {}),
    };
  }

  it('maps a check state to text and colour, as its headline does', () => {
    const of = (status: CheckRecord['status'], more: Partial<CheckRecord> = {}) => ({ status, ...more });
    expect(badgeFor(of('running'), {})).toEqual({ text: BADGE_RUNNING, color: BADGE_RUNNING_COLOR });
    expect(badgeFor(of('queued'), { refuted: 3 })).toEqual({ text: BADGE_RUNNING, color: BADGE_RUNNING_COLOR });
    expect(badgeFor(of('done'), { refuted: 1, disputed: 1, supported: 4 })).toEqual({
      text: '2',
      color: BADGE_WRONG_COLOR,
    });
    // Only disputed: the headline's orange, not the refuted red.
    expect(badgeFor(of('done'), { disputed: 2 })).toEqual({ text: '2', color: BADGE_DISPUTED_COLOR });
    expect(badgeFor(of('cancelled'), { refuted: 1 })).toEqual({ text: '1', color: BADGE_WRONG_COLOR });
    expect(badgeFor(of('done'), { refuted: 250 })).toEqual({ text: '99+', color: BADGE_WRONG_COLOR });
    expect(badgeFor(of('done'), { supported: 2, 'could-not-check': 1 })).toEqual({ text: '' });
    // A failed check says so, whether its status says failed or nothing could be judged.
    expect(badgeFor(of('failed'), {})).toEqual({ text: BADGE_FAILED, color: BADGE_FAILED_COLOR });
    expect(badgeFor(of('done'), { 'could-not-check': 2 })).toEqual({ text: BADGE_FAILED, color: BADGE_FAILED_COLOR });
    expect(badgeFor(of('done', { stopped: 'budget' }), { 'could-not-check': 2 })).toEqual({ text: '' });
    expect(badgeFor(of('done', { evidenceOnly: true }), { 'could-not-check': 2 })).toEqual({ text: '' });
    expect(badgeFor(undefined, {})).toEqual({ text: '' });
  });

  it('counts refuted and disputed claims only, never unchecked ones, for the tab the check came from', async () => {
    const badge = createToolbarBadge(db);
    await db.checks.add(check('c1', { tabId: 4 }));
    await db.claims.bulkAdd([
      claim('c1', 1, 'refuted'),
      claim('c1', 2, 'disputed'),
      claim('c1', 3, 'supported'),
      claim('c1', 4, 'could-not-check'),
      claim('c1', 5, 'not-enough-evidence'),
      claim('c1', 6),
    ]);
    await badge.changed('c1');
    expect(await badgeText(4)).toBe('2');
    expect(await badgeColor(4)).toEqual(red);
    expect(await badgeText(5)).toBe('');
  });

  it('says in its tooltip what the mark or count means, in the interface language, per tab', async () => {
    const badge = createToolbarBadge(db);
    const title = (tabId: number) => fakeBrowser.action.getTitle({ tabId });
    await db.checks.add(check('c1', { tabId: 4, status: 'running' }));
    await db.claims.bulkAdd([claim('c1', 1, 'refuted'), claim('c1', 2, 'disputed'), claim('c1', 3, 'could-not-check')]);
    await badge.changed('c1');
    expect(await title(4)).toBe('Factlight: checking…');
    await db.checks.update('c1', { status: 'done' });
    await badge.changed('c1');
    expect(await title(4)).toBe('Factlight: 2 claims refuted or disputed');
    await db.claims.delete('c1:k2');
    await badge.changed('c1');
    expect(await title(4)).toBe('Factlight: 1 claim refuted or disputed');
    await db.checks.update('c1', { status: 'failed' });
    await badge.changed('c1');
    expect(await title(4)).toBe('Factlight: the last check here failed; open the side panel to see why');
    expect(badgeTitle({ text: '' }, 0)).toBe('Factlight: fact-check what you read');
  });

  it('shows a neutral mark while the check runs, then the count, "!" for a failed check and nothing for a clean one', async () => {
    const badge = createToolbarBadge(db);
    await db.checks.add(check('c1', { tabId: 4, status: 'running' }));
    await db.claims.add(claim('c1', 1, 'refuted'));
    await badge.changed('c1');
    expect(await badgeText(4)).toBe(BADGE_RUNNING);
    await db.checks.update('c1', { status: 'done' });
    await badge.changed('c1');
    expect(await badgeText(4)).toBe('1');
    await db.checks.update('c1', { status: 'failed' });
    await badge.changed('c1');
    expect(await badgeText(4)).toBe(BADGE_FAILED);
    await db.checks.update('c1', { status: 'done' });
    await db.claims.update('c1:k1', { 'assessment.verdict': 'supported' } as never);
    await badge.changed('c1');
    expect(await badgeText(4)).toBe('');
  });

  it('never shows a count for an evidence-only check, only the running mark while it runs', async () => {
    const badge = createToolbarBadge(db);
    await db.checks.add(check('c1', { tabId: 4, status: 'running', evidenceOnly: true, band: 'neutral' }));
    // Even a verdict left on a claim row (an older run's) is not this check's to count.
    await db.claims.bulkAdd([claim('c1', 1, 'refuted'), claim('c1', 2)]);
    await badge.changed('c1');
    expect(await badgeText(4)).toBe(BADGE_RUNNING);
    await db.checks.update('c1', { status: 'done' });
    await badge.changed('c1');
    expect(await badgeText(4)).toBe('');
    await db.checks.update('c1', { status: 'cancelled' });
    await badge.changed('c1');
    expect(await badgeText(4)).toBe('');
  });

  it('leaves the badge alone for a check with no tab, and lets the newest check of a tab win', async () => {
    const badge = createToolbarBadge(db);
    await db.checks.bulkAdd([
      check('typed', { origin: 'typed' }),
      check('old', { tabId: 4, createdAt: 1 }),
      check('new', { tabId: 4, createdAt: 2, status: 'running' }),
    ]);
    await db.claims.add(claim('old', 1, 'refuted'));
    await badge.changed('typed');
    await badge.changed('new');
    expect(await badgeText(4)).toBe(BADGE_RUNNING);
    // The older check finishing later does not take the badge back.
    await badge.changed('old');
    expect(await badgeText(4)).toBe(BADGE_RUNNING);
  });

  it('ignores checks made before the tab loaded another page', async () => {
    let now = 10;
    const badge = createToolbarBadge(db, { now: () => now });
    await db.checks.add(check('c1', { tabId: 4, createdAt: 5, status: 'running' }));
    badge.navigated(4);
    now = 20;
    await badge.changed('c1');
    expect(await badgeText(4)).toBe('');
  });

  it('clears or falls back to the previous check when the shown check is deleted', async () => {
    const badge = createToolbarBadge(db);
    const runs = createRunManager({
      db,
      loadSettings: async () => DEFAULT_SETTINGS,
      extractor: createLinkedomExtractor(),
      onChecksDeleted: () => void badge.deleted(),
    });
    const tab4 = await fakeBrowser.tabs.create({ url: 'https://example.org/a' });
    const tab5 = await fakeBrowser.tabs.create({ url: 'https://example.org/b' });
    await db.checks.bulkAdd([
      check('earlier', { tabId: tab4.id!, createdAt: 1 }),
      check('later', { tabId: tab4.id!, createdAt: 2 }),
      check('other', { tabId: tab5.id!, createdAt: 3 }),
    ]);
    await db.claims.bulkAdd([
      claim('earlier', 1, 'refuted'),
      claim('later', 1, 'refuted'),
      claim('later', 2, 'disputed'),
      claim('other', 1, 'refuted'),
    ]);
    for (const id of ['earlier', 'later', 'other']) await badge.changed(id);
    expect([await badgeText(tab4.id!), await badgeText(tab5.id!)]).toEqual(['2', '1']);

    await runs.delete({ checkIds: ['later'] });
    await vi.waitFor(async () => expect(await badgeText(tab4.id!)).toBe('1'));
    await runs.delete({ all: true });
    await vi.waitFor(async () => expect([await badgeText(tab4.id!), await badgeText(tab5.id!)]).toEqual(['', '']));
  });

  describe('with a real run against the loopback fact world', () => {
    let world: FactWorld;
    beforeAll(async () => {
      world = await startFactWorld();
    });
    afterAll(() => world.close());

    it('goes from the running mark to the count of the refuted Great Wall claim', async () => {
      const settings = worldSettings(world);
      const badge = createToolbarBadge(db);
      const seen = new Set<string>();
      const runs = createRunManager({
        db,
        loadSettings: async () => settings,
        extractor: createLinkedomExtractor(),
        onCheckChanged: (checkId) => void badge.changed(checkId).then(async () => seen.add(await badgeText(9))),
      });
      const started = await runs.start({ text: WORLD_TEXT, origin: 'selection' }, { tabId: 9, frameId: 0 });
      const checkId = started.ok ? started.checkId : '';
      await vi.waitFor(async () => expect((await db.checks.get(checkId))?.status).toBe('done'), {
        timeout: 15_000,
        interval: 20,
      });
      await vi.waitFor(async () => expect(await badgeText(9)).toBe('1'), { timeout: 5_000, interval: 20 });
      expect(seen).toContain(BADGE_RUNNING);
      expect(await badgeColor(9)).toEqual(red);
    });

    it('shows only the running mark, then nothing, for a check with no model (sources to compare)', async () => {
      const settings = worldSettings(world, {}, DEFAULT_SETTINGS.model);
      const badge = createToolbarBadge(db);
      const seen = new Set<string>();
      const runs = createRunManager({
        db,
        loadSettings: async () => settings,
        extractor: createLinkedomExtractor(),
        onCheckChanged: (checkId) => void badge.changed(checkId).then(async () => seen.add(await badgeText(9))),
      });
      const started = await runs.start({ text: WORLD_TEXT, origin: 'selection' }, { tabId: 9, frameId: 0 });
      const checkId = started.ok ? started.checkId : '';
      await vi.waitFor(async () => expect((await db.checks.get(checkId))?.status).toBe('done'), {
        timeout: 15_000,
        interval: 20,
      });
      expect(await db.checks.get(checkId)).toMatchObject({ evidenceOnly: true, band: 'neutral' });
      expect((await db.evidence.where('checkId').equals(checkId).count()) > 0).toBe(true);
      await vi.waitFor(async () => expect(await badgeText(9)).toBe(''), { timeout: 5_000, interval: 20 });
      expect(seen).toContain(BADGE_RUNNING);
      expect([...seen].every((text) => text === BADGE_RUNNING || text === '')).toBe(true);
    });
  });
});
