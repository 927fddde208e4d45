import { Dexie } from 'dexie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';

import { newCheck } from '../../../../lib/background/new-check';
import { createRunManager } from '../../../../lib/background/run-manager';
import type * as Sentences from '../../../../lib/core/text/sentences';
import { type SentenceWithKind, splitSentences } from '../../../../lib/core/text/sentences';
import { EMPTY_PROGRESS, sentenceRows } from '../../../../lib/db/check-rows';
import { loadCheckView } from '../../../../lib/db/check-view';
import { FactlightDb } from '../../../../lib/db/schema';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import { worldSettings } from '../../../../scripts/bench/world-settings';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../../../scripts/lib/servers/index';

// The splitter itself, watched: every call still splits (the real function), and the tests count the calls.
vi.mock('../../../../lib/core/text/sentences', async (importOriginal) => {
  const actual = await importOriginal<typeof Sentences>();
  return { ...actual, splitSentences: vi.fn(actual.splitSentences) };
});

/**
 * A check's first step is done once (issue 27): the check is written with its sentences (new-check.ts) and its run
 * goes on from them, neither splitting the text again nor rewriting the rows; a check stored without them is split
 * by its run as before. The background's run manager on a real Dexie (fake-indexeddb) and the loopback world.
 */
describe('run manager: the sentences a check was written with', () => {
  let world: FactWorld;
  let db: FactlightDb;
  let settings: Settings;
  let dbCount = 0;
  let rowWrites: MockInstance;
  /** The text's own split, made before the calls are counted. */
  let own: SentenceWithKind[];
  const manager = () =>
    createRunManager({ db, loadSettings: async () => settings, extractor: createLinkedomExtractor() });
  const statusOf = async (id: string) => (await db.checks.get(id))?.status;
  const done = (id: string) =>
    vi.waitFor(async () => expect(await statusOf(id)).toBe('done'), { timeout: 20_000, interval: 20 });
  /** How often the checked text itself was split (pages and explanations are split too, as other texts). */
  const splitsOfText = () => vi.mocked(splitSentences).mock.calls.filter(([text]) => text === WORLD_TEXT).length;
  /** The check as the intake writes it (new-check.ts), with no run begun: a worker then resumes it. */
  const written = async () => {
    const answer = await newCheck(
      { db, loadSettings: async () => settings, clock: { now: () => Date.now() } },
      {
        text: WORLD_TEXT,
        origin: 'typed',
      },
    );
    return answer.ok ? answer.checkId : '';
  };
  const expectWholeCheck = async (checkId: string) => {
    const view = (await loadCheckView(db, checkId))!;
    expect(view.check.progress).toMatchObject({ sentences: 6, claims: 9, checkWorthy: 8, verdicts: 8 });
    expect(view.sentences).toEqual(sentenceRows(checkId, own));
    expect(view.assessments.size).toBe(8);
  };

  beforeAll(async () => {
    world = await startFactWorld();
    own = splitSentences(WORLD_TEXT, 'en');
  });
  afterAll(() => world.close());
  beforeEach(() => {
    db = new FactlightDb(`runs-sentences-${++dbCount}`);
    settings = worldSettings(world);
    rowWrites = vi.spyOn(db.sentences, 'bulkPut');
    vi.mocked(splitSentences).mockClear();
  });
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  it('runs a new check on the sentences it was written with: the text split once, the rows written once', async () => {
    const started = await manager().start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    await done(checkId);
    await expectWholeCheck(checkId);
    expect(splitsOfText()).toBe(1);
    expect(rowWrites).toHaveBeenCalledTimes(1);
  });

  it('resumes a check the intake wrote (or a stopped worker left) on its stored sentences', async () => {
    const checkId = await written();
    expect(await manager().resumeInterrupted()).toBe(1);
    await done(checkId);
    await expectWholeCheck(checkId);
    expect(splitsOfText()).toBe(1);
    expect(rowWrites).toHaveBeenCalledTimes(1);
  });

  it('runs a check stored without its sentences (before issue 27) as before: its run splits the text and writes them', async () => {
    const checkId = await written();
    // As a check was written before: no sentence rows, none counted.
    await db.sentences.where('checkId').equals(checkId).delete();
    await db.checks.update(checkId, { progress: { ...EMPTY_PROGRESS } });
    expect(await manager().resumeInterrupted()).toBe(1);
    await done(checkId);
    await expectWholeCheck(checkId);
    expect(splitsOfText()).toBe(2);
    expect(rowWrites).toHaveBeenCalledTimes(2);
  });

  it('finds sources only on the stored sentences, and "Judge these sources" judges on its own', async () => {
    const withModel = settings;
    settings = { ...settings, model: DEFAULT_SETTINGS.model };
    const runs = manager();
    const started = await runs.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    await done(checkId);
    expect((await db.checks.get(checkId))?.evidenceOnly).toBe(true);
    expect((await loadCheckView(db, checkId))!.sentences).toEqual(sentenceRows(checkId, own));
    settings = withModel;
    const judged = await runs.judge(checkId);
    const judgedId = judged.ok ? judged.checkId : '';
    await done(judgedId);
    await expectWholeCheck(judgedId);
    expect((await loadCheckView(db, judgedId))!.check.judgeOf).toBe(checkId);
    // Once per check: the check's and its judging's, each written with its row.
    expect(splitsOfText()).toBe(2);
    expect(rowWrites).toHaveBeenCalledTimes(2);
  });
});
