import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { startIntake } from '../../../../lib/background/check-intake';
import { RESUME_ALARM } from '../../../../lib/background/keep-alive';
import { type MessageListener, relayedEvent } from '../../../../lib/background/worker-events';
import { DATABASE_NAME } from '../../../../lib/db/database-name';
import { FactlightDb } from '../../../../lib/db/schema';

const own = { id: fakeBrowser.runtime.id, baseUrl: fakeBrowser.runtime.getURL('/') };
const contentScript = { id: own.id, url: 'https://news.example.com/story', tab: { id: 7 }, frameId: 2 };
const stranger = { id: 'another-extension', url: 'chrome-extension://another-extension/page.html' };
const TEXT = 'The Eiffel Tower is in Paris. It was completed in 1889.';
const catalogue = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8')) as Record<
    string,
    { message: string } | undefined
  >;

function deleteDatabase(): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DATABASE_NAME);
    request.onsuccess = request.onerror = () => resolve();
  });
}

/** The intake on a relay, as the doorway starts it; `send` delivers one command and returns the answer. */
function intake() {
  const onMessage = relayedEvent<MessageListener>();
  startIntake(onMessage);
  return (type: string, data: unknown, sender: object) =>
    new Promise<{ res?: { ok: boolean; checkId?: string; error?: string }; err?: { message?: string } }>((resolve) => {
      const kept = onMessage.dispatch({ id: 1, type, data, timestamp: Date.now() }, sender as never, resolve as never);
      expect(kept).toContain(true);
    });
}

describe('the check intake', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await deleteDatabase();
  });

  it("writes a page's check with its sentences and sets the resume alarm, so the engine takes it up", async () => {
    const send = intake();
    const answer = await send(
      'startCheck',
      { text: TEXT, origin: 'selection', pageUrl: contentScript.url },
      contentScript,
    );
    expect(answer.res).toEqual({ ok: true, checkId: expect.any(String) });
    const db = new FactlightDb();
    const row = await db.checks.get(answer.res!.checkId!);
    expect(row).toMatchObject({ status: 'running', tabId: 7, frameId: 2, progress: { sentences: 2 } });
    expect(await db.sentences.where('checkId').equals(row!.id).count()).toBe(2);
    db.close();
    expect(await fakeBrowser.alarms.get(RESUME_ALARM)).toMatchObject({ name: RESUME_ALARM });
  });

  it('refuses a sender outside the command audience and writes nothing', async () => {
    const send = intake();
    const answer = await send('startCheck', { text: TEXT, origin: 'typed' }, stranger);
    expect(answer.err?.message).toMatch(/Refused "startCheck"/);
    const db = new FactlightDb();
    expect(await db.checks.count()).toBe(0);
    db.close();
    expect(await fakeBrowser.alarms.get(RESUME_ALARM)).toBeUndefined();
  });

  it('answers why a text cannot be checked, and leaves no alarm for a check that was not written', async () => {
    const send = intake();
    const answer = await send('startCheck', { text: ' ', origin: 'typed' }, contentScript);
    expect(answer.res).toMatchObject({ ok: false, error: expect.any(String) });
    expect(await fakeBrowser.alarms.get(RESUME_ALARM)).toBeUndefined();
  });

  it('words a refusal in the chosen interface language, right after a wake', async () => {
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'fr' });
    // A fresh copy of the modules, as in a worker that has just woken (the language is read on first need).
    vi.resetModules();
    const fresh = await import('../../../../lib/background/check-intake');
    const onMessage = relayedEvent<MessageListener>();
    fresh.startIntake(onMessage);
    const answer = await new Promise<{ res?: { error?: string } }>((resolve) => {
      onMessage.dispatch(
        { id: 1, type: 'startCheck', data: { text: ' ', origin: 'typed' }, timestamp: Date.now() },
        contentScript as never,
        resolve as never,
      );
    });
    expect(answer.res?.error).toBe(catalogue('fr').bgNoText!.message);
  });

  it('refuses data that does not fit the command (the same schema check as the router)', async () => {
    const send = intake();
    const answer = await send('startCheck', { text: 42 }, contentScript);
    expect(answer.err).toBeDefined();
    const db = new FactlightDb();
    expect(await db.checks.count()).toBe(0);
    db.close();
  });
});
