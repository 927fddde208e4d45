import { Dexie, liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { startIntake } from '../../../../lib/background/check-intake';
import { RESUME_ALARM } from '../../../../lib/background/keep-alive';
import { newCheck } from '../../../../lib/background/new-check';
import { type MessageListener, relayedEvent } from '../../../../lib/background/worker-events';
import { DATABASE_NAME, DATABASE_VERSION, INDEXEDDB_VERSION } from '../../../../lib/db/database-name';
import { openIntakeDatabase } from '../../../../lib/db/intake-write';
import { FactlightDb } from '../../../../lib/db/schema';
import { DEFAULT_SETTINGS } from '../../../../lib/settings/schema';

const own = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/sidepanel.html') };
const contentScript = { id: own.id, url: 'https://news.example.com/story', tab: { id: 7 }, frameId: 2 };
const stranger = { id: 'another-extension', url: 'chrome-extension://another-extension/page.html' };
const TEXT = 'The Eiffel Tower is in Paris. It was completed in 1889.';

type Answer = { res?: { ok: boolean; checkId?: string } } | undefined;

function deleteDatabase(name = DATABASE_NAME): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = () => resolve();
  });
}

function databaseNames(): Promise<string[]> {
  return indexedDB.databases().then((all) => all.map((database) => database.name!));
}

/**
 * The intake on a relay, as the doorway starts it. `send` delivers one message: `kept` says whether the intake
 * kept the channel (it answers), `answer` what it answered (undefined: handed back to the router).
 */
function intake(database?: Promise<IDBDatabase | undefined>) {
  const onMessage = relayedEvent<MessageListener>();
  startIntake(onMessage, database);
  return (type: string, data: unknown, sender: object) => {
    let answer!: (value: Answer) => void;
    const answered = new Promise<Answer>((resolve) => (answer = resolve));
    const kept = onMessage
      .dispatch({ id: 1, type, data, timestamp: Date.now() }, sender as never, answer as never)
      .some((value) => value === true);
    return { kept, answered };
  };
}

/** A database as Dexie makes it (the engine opened it once before). */
async function dexieMade(): Promise<void> {
  const db = new FactlightDb();
  await db.open();
  db.close();
}

describe('the check intake', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await deleteDatabase();
  });
  afterEach(() => deleteDatabase());

  it('is at the version Dexie opens the database at', async () => {
    const db = new FactlightDb();
    await db.open();
    expect(db.verno).toBe(DATABASE_VERSION);
    expect(db.backendDB().version).toBe(INDEXEDDB_VERSION);
    db.close();
  });

  it("writes a page's check with its sentences, as a draft the engine settles, and sets the resume alarm", async () => {
    await dexieMade();
    const send = intake();
    const sent = send('startCheck', { text: TEXT, origin: 'selection', pageUrl: contentScript.url }, contentScript);
    expect(sent.kept).toBe(true);
    const answer = await sent.answered;
    expect(answer?.res).toEqual({ ok: true, checkId: expect.any(String) });
    const db = new FactlightDb();
    const row = await db.checks.get(answer!.res!.checkId!);
    expect(row).toMatchObject({
      status: 'running',
      unsettled: true,
      inputHash: '',
      tabId: 7,
      frameId: 2,
      site: 'news.example.com',
      progress: { sentences: 2 },
    });
    expect(await db.sentences.where('checkId').equals(row!.id).count()).toBe(2);
    db.close();
    expect(await fakeBrowser.alarms.get(RESUME_ALARM)).toMatchObject({ name: RESUME_ALARM });
  });

  it('writes the same row and sentences as a check the engine creates, but for what the settings decide', async () => {
    await dexieMade();
    const request = { text: TEXT, origin: 'selection' as const, pageUrl: contentScript.url, pageTitle: 'A story' };
    const answer = await intake()('startCheck', request, contentScript).answered;
    const db = new FactlightDb();
    await newCheck(
      { db, loadSettings: async () => DEFAULT_SETTINGS, clock: { now: () => 5 }, newId: () => 'engine-made' },
      request,
      { tabId: 7, frameId: 2 },
    );
    const taken = (await db.checks.get(answer!.res!.checkId!))!;
    const made = (await db.checks.get('engine-made'))!;
    const settingsFree = (row: typeof made) => {
      const { id: _id, createdAt: _c, updatedAt: _u, inputHash: _h, unsettled: _s, evidenceOnly: _e, ...rest } = row;
      const { evidenceOnlyReason: _r, evidenceOnlyNotice: _n, onDevice: _o, ...kept } = rest;
      return kept;
    };
    expect(settingsFree(taken)).toEqual(settingsFree(made));
    const rows = async (id: string) =>
      (await db.sentences.where('checkId').equals(id).sortBy('index')).map(({ id: _, checkId: __, ...rest }) => rest);
    expect(await rows(taken.id)).toEqual(await rows(made.id));
    db.close();
  });

  it("tells an open panel's live queries, through Dexie's channel, that a check was written", async () => {
    await dexieMade();
    const db = new FactlightDb();
    const seen: number[] = [];
    const subscription = liveQuery(() => db.checks.count()).subscribe((count) => seen.push(count));
    try {
      await vi.waitFor(() => expect(seen).toEqual([0]));
      await intake()('startCheck', { text: TEXT, origin: 'typed' }, own).answered;
      // Written without Dexie: only the message on Dexie's channel makes this query read again.
      await vi.waitFor(() => expect(seen).toEqual([0, 1]));
    } finally {
      subscription.unsubscribe();
      db.close();
    }
  });

  it('does not take a sender outside the command audience, data that does not fit, or a text that cannot be checked', async () => {
    await dexieMade();
    const send = intake();
    expect(send('startCheck', { text: TEXT, origin: 'typed' }, stranger).kept).toBe(false);
    expect(send('startCheck', { text: 42 }, contentScript).kept).toBe(false);
    expect(send('startCheck', { text: TEXT, origin: 'typed', pageUrl: 'javascript:alert(1)' }, own).kept).toBe(false);
    // A key the schema does not name: the router takes it (the schema drops the key), the intake does not.
    expect(send('startCheck', { text: TEXT, origin: 'typed', via: 'somewhere' }, own).kept).toBe(false);
    expect(send('startCheck', { text: ' \n', origin: 'typed' }, own).kept).toBe(false);
    expect(send('startCheck', { text: 'a'.repeat(50_001), origin: 'typed' }, own).kept).toBe(false);
    expect(send('getStatus', undefined, own).kept).toBe(false);
    const db = new FactlightDb();
    expect(await db.checks.count()).toBe(0);
    db.close();
    expect(await fakeBrowser.alarms.get(RESUME_ALARM)).toBeUndefined();
  });

  it('hands a check back to the router when Dexie has not made the database yet, and does not make it', async () => {
    const sent = intake()('startCheck', { text: TEXT, origin: 'typed' }, own);
    expect(sent.kept).toBe(true);
    expect(await sent.answered).toBeUndefined();
    expect(await databaseNames()).not.toContain(DATABASE_NAME);
    expect(await fakeBrowser.alarms.get(RESUME_ALARM)).toBeUndefined();
  });

  it('writes through the open the doorway began, not one of its own', async () => {
    await dexieMade();
    // The doorway's open found no database to write into: the intake hands the check back, though one exists.
    const handedBack = intake(Promise.resolve(undefined))('startCheck', { text: TEXT, origin: 'typed' }, own);
    expect(handedBack.kept).toBe(true);
    expect(await handedBack.answered).toBeUndefined();
    // The open it was given, on the database Dexie made: written.
    const given = openIntakeDatabase(indexedDB);
    const written = intake(given)('startCheck', { text: TEXT, origin: 'typed' }, own);
    expect((await written.answered)?.res?.ok).toBe(true);
    (await given)?.close();
  });

  it('writes into a database Dexie repaired (one more than ten times its version: the same schema version)', async () => {
    await dexieMade();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(DATABASE_NAME, INDEXEDDB_VERSION + 1);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const answer = await intake()('startCheck', { text: TEXT, origin: 'typed' }, own).answered;
    expect(answer?.res).toMatchObject({ ok: true });
  });

  it('hands a check back to the router when the database is at a version Dexie has not upgraded yet', async () => {
    const old = new Dexie(DATABASE_NAME);
    old.version(DATABASE_VERSION - 1).stores({ checks: 'id, status', sentences: 'id, checkId' });
    await old.open();
    old.close();
    expect(await intake()('startCheck', { text: TEXT, origin: 'typed' }, own).answered).toBeUndefined();
    const reopened = new Dexie(DATABASE_NAME);
    await reopened.open();
    expect(await reopened.table('checks').count()).toBe(0);
    reopened.close();
  });
});
