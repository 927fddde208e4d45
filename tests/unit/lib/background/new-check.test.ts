import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import { newCheck, type NewCheckDeps } from '../../../../lib/background/new-check';
import { MAX_TEXT_CHARS } from '../../../../lib/background/text-limit';
import { splitSentences } from '../../../../lib/core/text/sentences';
import { FactlightDb } from '../../../../lib/db/schema';
import { DEFAULT_SETTINGS } from '../../../../lib/settings/schema';

const TEXT = 'The Eiffel Tower is in Paris. It was completed in 1889. Its height is 330 metres.';

describe('a new check', () => {
  let db: FactlightDb | undefined;
  let count = 0;
  const deps = (): NewCheckDeps => {
    db = new FactlightDb(`new-check-${++count}`);
    return { db, loadSettings: async () => DEFAULT_SETTINGS, clock: { now: () => 1_000 }, newId: () => 'c1' };
  };
  afterEach(async () => {
    db?.close();
    if (db) await Dexie.delete(db.name);
  });

  it('is written with its sentences split, so its first step is done when it is answered', async () => {
    const given = deps();
    const answer = await newCheck(
      given,
      { text: TEXT, origin: 'selection', pageUrl: 'https://news.example.com/a' },
      {
        tabId: 4,
      },
    );
    expect(answer).toEqual({ ok: true, checkId: 'c1' });
    const row = await given.db.checks.get('c1');
    expect(row).toMatchObject({
      status: 'running',
      text: TEXT,
      language: 'en',
      progress: { sentences: 3, claims: 0, checkWorthy: 0, verdicts: 0, evidence: 0 },
      tabId: 4,
      frameId: 0,
      site: 'news.example.com',
      createdAt: 1_000,
    });
    // The rows the run's own first step writes: the same split, under the same ids, so the run overwrites them.
    const rows = await given.db.sentences.where('checkId').equals('c1').sortBy('index');
    expect(rows).toEqual(
      splitSentences(TEXT, 'en').map((sentence) => ({ ...sentence, id: `c1:s${sentence.index}`, checkId: 'c1' })),
    );
  });

  it('writes nothing for an empty text or one over the limit, and says why', async () => {
    const given = deps();
    expect(await newCheck(given, { text: '  \n', origin: 'typed' })).toMatchObject({
      ok: false,
      error: expect.any(String),
    });
    expect(await newCheck(given, { text: 'a'.repeat(MAX_TEXT_CHARS + 1), origin: 'typed' })).toMatchObject({
      ok: false,
      limit: MAX_TEXT_CHARS,
    });
    expect(await given.db.checks.count()).toBe(0);
    expect(await given.db.sentences.count()).toBe(0);
  });
});
