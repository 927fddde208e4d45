import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import { newCheck, type NewCheckDeps } from '../../../../lib/background/new-check';
import { MAX_TEXT_CHARS } from '../../../../lib/background/text-limit';
import { detectLanguage, splitSentences } from '../../../../lib/core/text/sentences';
import { FactlightDb } from '../../../../lib/db/schema';
import { storedSplit } from '../../../../lib/db/stored-split';
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
    // The run's own first step: the same split, under the ids a run that splits the text again writes them.
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

  it('is read back for its run as exactly the split the run would make: the same offsets, indices, kinds and language', async () => {
    const given = deps();
    const ids = ['a', 'b', 'c', 'd', 'e'];
    given.newId = () => ids.shift()!;
    const long = Array.from({ length: 600 }, (_, i) => `Landmark ${i} was completed in ${1800 + (i % 200)}.`).join(' ');
    const texts = [
      // more than ten sentences: rows are keyed "s10" before "s2", the run reads them in reading order
      long.slice(0, MAX_TEXT_CHARS),
      '# The tower\n\nThe Eiffel Tower is in Paris.\n\n- It was completed in 1889.\n- It is 330 m tall.\n\n`npm run build`',
      '東京タワーは1958年に完成した。高さは333メートルである。',
      'برج إيفل في باريس. اكتمل بناؤه عام 1889؟ نعم.',
      'Dr. Smith visited the U.S. in Jan. 2020 (see https://example.com/a.b). He left... Then he came back.',
    ];
    for (const text of texts) {
      const answer = await newCheck(given, { text, origin: 'typed' });
      const checkId = answer.ok ? answer.checkId : '';
      const check = (await given.db.checks.get(checkId))!;
      const language = detectLanguage(text);
      expect(await storedSplit(given.db, check)).toEqual({ language, sentences: splitSentences(text, language) });
    }
  });
});
