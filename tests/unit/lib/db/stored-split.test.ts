import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { splitSentences } from '../../../../lib/core/text/sentences';
import { EMPTY_PROGRESS, sentenceRows } from '../../../../lib/db/check-rows';
import type { CheckRecord } from '../../../../lib/db/entities';
import { FactlightDb } from '../../../../lib/db/schema';
import { storedSplit } from '../../../../lib/db/stored-split';

const TEXT = 'The Eiffel Tower is in Paris. It was completed in 1889. Its height is 330 metres.';

/** The sentences a check was written with, read back for its run (fake-indexeddb). */
describe('stored split', () => {
  let db: FactlightDb;
  let count = 0;
  const check = (change: Partial<CheckRecord> = {}): Pick<CheckRecord, 'id' | 'language' | 'progress'> => ({
    id: 'k',
    language: 'en',
    progress: { ...EMPTY_PROGRESS, sentences: 3 },
    ...change,
  });
  beforeEach(async () => {
    db = new FactlightDb(`stored-split-${++count}`);
    await db.sentences.bulkPut(sentenceRows('k', splitSentences(TEXT, 'en')));
  });
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  it("gives the check's sentences as the splitter gave them, in the language they were split in", async () => {
    expect(await storedSplit(db, check())).toEqual({ language: 'en', sentences: splitSentences(TEXT, 'en') });
  });

  it('gives none for a check stored without its sentences, or without all of them, or without its language', async () => {
    // Stored before issue 27: created with no sentences counted, and none written yet.
    expect(await storedSplit(db, check({ progress: { ...EMPTY_PROGRESS } }))).toBeUndefined();
    expect(await storedSplit(db, check({ id: 'other', progress: { ...EMPTY_PROGRESS } }))).toBeUndefined();
    expect(await storedSplit(db, check({ language: undefined }))).toBeUndefined();
    await db.sentences.delete('k:s2');
    expect(await storedSplit(db, check())).toBeUndefined();
  });

  it('gives none when a row has no kind, or one the splitter does not give', async () => {
    await db.sentences.update('k:s1', { kind: undefined });
    expect(await storedSplit(db, check())).toBeUndefined();
    await db.sentences.update('k:s1', { kind: 'paragraph' });
    expect(await storedSplit(db, check())).toBeUndefined();
    await db.sentences.update('k:s1', { kind: 'prose' });
    expect(await storedSplit(db, check())).toBeDefined();
  });
});
