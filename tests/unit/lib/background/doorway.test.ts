import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { deserializeError } from '@aklinker1/zero-serialize-error';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { commandRouter } from '../../../../lib/background/authorized-handler';
import { startIntake } from '../../../../lib/background/check-intake';
import { type DoorwayScope, openDoorway } from '../../../../lib/background/doorway';
import { DOORWAY_MARKS } from '../../../../lib/background/doorway-marks';
import { INTAKE_GLOBAL, INTAKE_SCRIPT } from '../../../../lib/background/intake-global';
import { RESUME_ALARM } from '../../../../lib/background/keep-alive';
import { ROUTER_GLOBAL, ROUTER_SCRIPT, type StartRouter } from '../../../../lib/background/router-global';
import { keepStatus, statusStamp } from '../../../../lib/background/status-snapshot';
import { relayedEvent, type WorkerEvents } from '../../../../lib/background/worker-events';
import { DATABASE_NAME } from '../../../../lib/db/database-name';
import { FactlightDb } from '../../../../lib/db/schema';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import type { ExtensionStatus } from '../../../../lib/messaging/protocol';
import { buildCheckRecord } from '../../support/check-fixtures';

const own = { id: fakeBrowser.runtime.id, baseUrl: fakeBrowser.runtime.getURL('/') };
const panel = { id: own.id, url: `${own.baseUrl}sidepanel.html` };
const contentScript = { id: own.id, url: 'https://news.example.com/story', tab: { id: 7 }, frameId: 0 };

const VERSION = '1.0.0';
// As the router keeps it in a browser without the on-device model (the tests' global has no LanguageModel).
const KEPT: ExtensionStatus = {
  version: '1.0.0',
  modelConfigured: true,
  onDevice: { availability: 'missing', message: 'No on-device model.' },
};
const FROM_ROUTER: ExtensionStatus = { version: '1.0.0', modelConfigured: false };

/** What the router does in these tests: answers getStatus and startCheck, and records every other event it gets. */
function fakeRouter() {
  const seen: string[] = [];
  const start = vi.fn((events: WorkerEvents) => {
    const router = commandRouter(own, events.runtime.onMessage);
    router.handle('getStatus', () => FROM_ROUTER);
    router.handle('resumeChecks', () => ({ resumed: 1 }));
    router.handle('startCheck', () => {
      seen.push('startCheck');
      return { ok: true, checkId: 'c1' };
    });
    events.runtime.onStartup.addListener(() => void seen.push('startup'));
    events.runtime.onInstalled.addListener((details) => void seen.push(`installed ${details.reason}`));
    events.alarms?.onAlarm.addListener((alarm) => void seen.push(`alarm ${alarm.name}`));
    events.commands?.onCommand.addListener((command) => void seen.push(`command ${command}`));
    events.contextMenus.onClicked.addListener(() => void seen.push('menu'));
    events.tabs.onRemoved.addListener((tabId) => void seen.push(`removed ${tabId}`));
    events.tabs.onUpdated.addListener((tabId) => void seen.push(`updated ${tabId}`));
    events.storage.onChanged.addListener((changes, area) => void seen.push(`${area} ${Object.keys(changes).join()}`));
    return { resumeRuns: () => void seen.push('resume') };
  });
  return { start, seen };
}

/** A worker's scope whose importScripts runs router.js (it leaves the start function on the global). */
function workerScope(start: StartRouter) {
  const scope: DoorwayScope & { installs: Array<() => void> } = {
    installs: [],
    importScripts: vi.fn((url: string) => {
      if (url === ROUTER_SCRIPT) scope[ROUTER_GLOBAL] = start;
    }),
    addEventListener: (_type, listener) => void scope.installs.push(listener),
  };
  return scope;
}

/** Delivers a message as Chrome would and returns what the sender receives. */
async function deliver(type: string, sender: object, data?: unknown): Promise<unknown> {
  let respond!: (value: unknown) => void;
  const response = new Promise<unknown>((resolve) => (respond = resolve));
  await fakeBrowser.runtime.onMessage.trigger({ id: 1, type, data, timestamp: Date.now() }, sender, respond);
  return response;
}

function deleteDatabase(): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DATABASE_NAME);
    request.onsuccess = request.onerror = () => resolve();
  });
}

describe('the worker doorway', () => {
  // fake-browser leaves contextMenus and commands unimplemented: events that can be fired stand in for them.
  let menuClicked: ReturnType<typeof relayedEvent<(info: { menuItemId: string }, tab?: { id: number }) => void>>;
  let commandFired: ReturnType<typeof relayedEvent<(command: string, tab?: { id: number }) => void>>;
  beforeEach(async () => {
    fakeBrowser.reset();
    menuClicked = relayedEvent();
    commandFired = relayedEvent();
    const scope = fakeBrowser as unknown as Record<string, unknown>;
    scope.contextMenus = { onClicked: menuClicked };
    scope.commands = { onCommand: commandFired };
    fakeBrowser.runtime.getManifest = () => ({ manifest_version: 3, name: 'Factlight', version: VERSION });
    await deleteDatabase();
  });
  afterEach(() => vi.restoreAllMocks());

  it("answers a reopened panel's status from the kept snapshot without loading the router", async () => {
    await keepStatus(await statusStamp(VERSION), KEPT);
    const { start } = fakeRouter();
    const scope = workerScope(start);
    openDoorway(scope);
    expect(await deliver('getStatus', panel)).toEqual({ res: KEPT });
    expect(scope.importScripts).not.toHaveBeenCalled();
    expect(start).not.toHaveBeenCalled();
  });

  it('reads the kept status as the worker starts, and answers the first status from that read', async () => {
    await keepStatus(await statusStamp(VERSION), KEPT);
    const get = vi.spyOn(fakeBrowser.storage.session, 'get');
    openDoorway(workerScope(fakeRouter().start));
    // Before any message: the read overlaps the browser's dispatch of the event that woke the worker.
    expect(get).toHaveBeenCalledTimes(1);
    let readsWhenAnswered = -1;
    let respond!: (value: unknown) => void;
    const answered = new Promise<unknown>((resolve) => (respond = resolve));
    await fakeBrowser.runtime.onMessage.trigger({ id: 1, type: 'getStatus', timestamp: Date.now() }, panel, (value) => {
      readsWhenAnswered = get.mock.calls.length;
      respond(value);
    });
    expect(await answered).toEqual({ res: KEPT });
    expect(readsWhenAnswered).toBe(1);
  });

  it('hands the first status to the router when the early read of the kept status failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await keepStatus(await statusStamp(VERSION), KEPT);
    vi.spyOn(fakeBrowser.storage.session, 'get').mockRejectedValueOnce(new Error('storage unavailable'));
    const { start } = fakeRouter();
    openDoorway(workerScope(start));
    expect(await deliver('getStatus', panel)).toEqual({ res: FROM_ROUTER });
    expect(warn).toHaveBeenCalledWith('[factlight] getStatus not answered at the door', expect.any(Error));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("parses router.js after answering a status, without starting the router or opening the engine's document", async () => {
    await keepStatus(await statusStamp(VERSION), KEPT);
    const createDocument = vi.spyOn(fakeBrowser.offscreen, 'createDocument').mockResolvedValue(undefined);
    const { start } = fakeRouter();
    const scope = workerScope(start);
    openDoorway(scope);
    expect(await deliver('getStatus', panel)).toEqual({ res: KEPT });
    await vi.waitFor(() => expect(scope.importScripts).toHaveBeenCalledWith(ROUTER_SCRIPT));
    expect(vi.mocked(scope.importScripts!).mock.calls).toEqual([[ROUTER_SCRIPT]]);
    expect(start).not.toHaveBeenCalled();
    expect(createDocument).not.toHaveBeenCalled();
    // The check that follows (this scope has no intake) starts the parsed router without parsing it again.
    expect(await deliver('startCheck', panel, { text: 'x', origin: 'typed' })).toEqual({
      res: { ok: true, checkId: 'c1' },
    });
    expect(start).toHaveBeenCalledTimes(1);
    expect(vi.mocked(scope.importScripts!).mock.calls).toEqual([[ROUTER_SCRIPT], [INTAKE_SCRIPT]]);
  });

  it('asks the on-device model only after answering, and drops a kept status it no longer matches', async () => {
    const downloading: ExtensionStatus = { ...KEPT, onDevice: { availability: 'downloading', message: '' } };
    await keepStatus(await statusStamp(VERSION), downloading);
    const asked: string[] = [];
    let answered = false;
    const availability = vi.fn(async () => (asked.push(answered ? 'after the answer' : 'before'), 'available'));
    const { start } = fakeRouter();
    // The worker's global, where the doorway asks the on-device model.
    const scope = Object.assign(workerScope(start), { LanguageModel: { availability, create: async () => ({}) } });
    openDoorway(scope);
    expect(await deliver('getStatus', panel)).toEqual({ res: downloading });
    answered = true;
    await vi.waitFor(() => expect(availability).toHaveBeenCalled());
    expect(asked).toEqual(['after the answer']);
    // The model was downloaded meanwhile: the snapshot goes, and the pages' next question reaches the router.
    await vi.waitFor(async () => expect(await fakeBrowser.storage.session.get('statusSnapshot')).toEqual({}));
    expect(await deliver('getStatus', panel)).toEqual({ res: FROM_ROUTER });
  });

  it('parses nothing ahead after answering a resume (only a status says a page has just opened)', async () => {
    const { start } = fakeRouter();
    const scope = workerScope(start);
    openDoorway(scope);
    expect(await deliver('resumeChecks', panel)).toEqual({ res: { resumed: 0 } });
    // A parse ahead is queued as the next task after the answer: one task later it would have run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scope.importScripts).not.toHaveBeenCalled();
  });

  it('only logs a parse ahead that fails; the command that needs the router loads it again', async () => {
    await keepStatus(await statusStamp(VERSION), KEPT);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { start } = fakeRouter();
    const scope = workerScope(start);
    const load = scope.importScripts;
    let broken = true;
    scope.importScripts = vi.fn((url: string) => {
      if (broken) throw new Error('network error');
      load?.(url);
    });
    openDoorway(scope);
    expect(await deliver('getStatus', panel)).toEqual({ res: KEPT });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('[factlight] router not parsed ahead', expect.any(Error)));
    broken = false;
    expect(await deliver('startCheck', panel, { text: 'x', origin: 'typed' })).toEqual({
      res: { ok: true, checkId: 'c1' },
    });
  });

  it('answers the kept status at once, then drops it as the settings changed since; the next comes from the router', async () => {
    await keepStatus(await statusStamp(VERSION), KEPT);
    await fakeBrowser.storage.local.set({ settings: { model: { preset: 'openai' } } });
    const { start } = fakeRouter();
    const scope = workerScope(start);
    openDoorway(scope);
    expect(await deliver('getStatus', panel)).toEqual({ res: KEPT });
    await vi.waitFor(async () => expect(await fakeBrowser.storage.session.get('statusSnapshot')).toEqual({}));
    expect(await deliver('getStatus', panel)).toEqual({ res: FROM_ROUTER });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("answers a content script's status only through the router (the door answers our own pages alone)", async () => {
    await keepStatus(await statusStamp(VERSION), KEPT);
    const { start } = fakeRouter();
    openDoorway(workerScope(start));
    const answer = (await deliver('getStatus', contentScript)) as { err?: { message?: string } };
    expect(answer.err?.message).toMatch(/Refused "getStatus" from a content-script/);
  });

  it('answers a resume with nothing to resume when the database holds no run, without loading the router', async () => {
    const { start } = fakeRouter();
    const scope = workerScope(start);
    openDoorway(scope);
    expect(await deliver('resumeChecks', panel)).toEqual({ res: { resumed: 0 } });
    expect(scope.importScripts).not.toHaveBeenCalled();
  });

  it('hands a resume to the router when a run waits in the database (the router resumes it)', async () => {
    const db = new FactlightDb();
    await db.checks.add(buildCheckRecord('waiting', 'running'));
    db.close();
    const { start } = fakeRouter();
    openDoorway(workerScope(start));
    expect(await deliver('resumeChecks', panel)).toEqual({ res: { resumed: 1 } });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('loads the router at once when runs wait to be resumed (the resume alarm), whatever woke the worker', async () => {
    await fakeBrowser.alarms.create(RESUME_ALARM, { delayInMinutes: 1 });
    const { start } = fakeRouter();
    openDoorway(workerScope(start));
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
  });

  it('relays install, alarm and shortcut events to the router (menus, the welcome page, history and resumes)', async () => {
    const { start, seen } = fakeRouter();
    openDoorway(workerScope(start));
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'factlight-history', scheduledTime: 0 } as never);
    commandFired.dispatch('check-selection', { id: 3 });
    expect(seen).toEqual(['installed install', 'alarm factlight-history', 'command check-selection']);
  });

  it('loads the router synchronously for any other command, inside the event (a user gesture stays usable)', async () => {
    const { start, seen } = fakeRouter();
    const scope = workerScope(start);
    openDoorway(scope);
    let respond!: (value: unknown) => void;
    const response = new Promise<unknown>((resolve) => (respond = resolve));
    const kept = fakeBrowser.runtime.onMessage.trigger(
      { id: 1, type: 'startCheck', data: { text: 'A claim.', origin: 'typed' }, timestamp: Date.now() },
      panel,
      respond,
    );
    // The router started and its handler ran before the trigger's first await: in the event itself.
    expect(start).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['startCheck']);
    await kept;
    expect(await response).toEqual({ res: { ok: true, checkId: 'c1' } });
    expect(seen).toEqual(['startCheck']);
  });

  it('relays events to the router, and only the ones that concern it while it has not started', async () => {
    const { start, seen } = fakeRouter();
    const scope = workerScope(start);
    openDoorway(scope);
    await fakeBrowser.tabs.onRemoved.trigger(3, { windowId: 1, isWindowClosing: false });
    await fakeBrowser.storage.onChanged.trigger({ history: { newValue: 1 } }, 'local');
    expect(start).not.toHaveBeenCalled();
    await fakeBrowser.storage.onChanged.trigger({ interfaceLanguage: { newValue: 'fr' } }, 'local');
    expect(start).toHaveBeenCalledTimes(1);
    await fakeBrowser.runtime.onStartup.trigger();
    await fakeBrowser.tabs.onRemoved.trigger(4, { windowId: 1, isWindowClosing: false });
    expect(seen).toEqual(['local interfaceLanguage', 'startup', 'removed 4']);
  });

  it('relays a navigation before the router starts only while runs wait to be resumed (the resume alarm)', async () => {
    const { start, seen } = fakeRouter();
    openDoorway(workerScope(start));
    const loading = { status: 'loading' } as const;
    const tab = { id: 5 } as Parameters<typeof fakeBrowser.tabs.onUpdated.trigger>[2];
    const asked = vi.spyOn(fakeBrowser.alarms, 'get');
    await fakeBrowser.tabs.onUpdated.trigger(5, loading, tab);
    // The doorway decided once the alarm's answer arrived (and what it then does runs in the same turn).
    await asked.mock.results.at(-1)!.value;
    await Promise.resolve();
    expect(start).not.toHaveBeenCalled();
    await fakeBrowser.alarms.create(RESUME_ALARM, { delayInMinutes: 1 });
    await fakeBrowser.tabs.onUpdated.trigger(6, loading, tab);
    await vi.waitFor(() => expect(seen).toEqual(['updated 6']));
  });

  it('loads the router and relays a menu click inside the click itself (the side panel opens in its gesture)', () => {
    const { start, seen } = fakeRouter();
    openDoorway(workerScope(start));
    menuClicked.dispatch({ menuItemId: 'factlight-check-page' }, { id: 2 });
    expect(seen).toEqual(['menu']);
  });

  it('names the intake to sort before router.js (a waking worker is sent its cached scripts in that order)', () => {
    expect(INTAKE_SCRIPT < ROUTER_SCRIPT).toBe(true);
  });

  it("marks on the worker's timeline when it began and when its listeners were in place (for the cold-start bench)", () => {
    performance.clearMarks();
    openDoorway(workerScope(fakeRouter().start));
    const [opening, listening] = [DOORWAY_MARKS.opening, DOORWAY_MARKS.listening].map(
      (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime,
    );
    expect(opening).toBeTypeOf('number');
    expect(listening).toBeGreaterThanOrEqual(opening!);
  });

  it("caches the intake and router.js while the worker installs, and not the engine's code (it runs in the offscreen document)", () => {
    const scope = workerScope(fakeRouter().start);
    openDoorway(scope);
    scope.installs.forEach((install) => install());
    expect(vi.mocked(scope.importScripts!).mock.calls).toEqual([[INTAKE_SCRIPT], [ROUTER_SCRIPT]]);
  });

  describe('a new check, taken in by the intake', () => {
    // The database as the engine's Dexie made it at an earlier start: the intake writes only into that one.
    beforeEach(async () => {
      const db = new FactlightDb();
      await db.open();
      db.close();
    });

    /** The worker's scope with the real intake in its script. */
    function scopeWithIntake(start: StartRouter) {
      const scope = workerScope(start);
      const load = scope.importScripts!;
      scope.importScripts = vi.fn((url: string) => {
        if (url === INTAKE_SCRIPT) scope[INTAKE_GLOBAL] = startIntake;
        load(url);
      });
      return scope;
    }
    const request = { text: 'The Eiffel Tower is in Paris. It was completed in 1889.', origin: 'typed' };

    it('is written by the intake with its sentences, then the router has the engine take it up', async () => {
      const { start, seen } = fakeRouter();
      const scope = scopeWithIntake(start);
      openDoorway(scope);
      const answer = (await deliver('startCheck', panel, request)) as { res?: { ok: boolean; checkId: string } };
      expect(answer.res).toEqual({ ok: true, checkId: expect.any(String) });
      const db = new FactlightDb();
      expect(await db.checks.get(answer.res!.checkId)).toMatchObject({ status: 'running', progress: { sentences: 2 } });
      db.close();
      // The router did not take the check; once the intake answered, it has the engine take it up.
      await vi.waitFor(() => expect(seen).toContain('resume'));
      expect(seen).not.toContain('startCheck');
      expect(vi.mocked(scope.importScripts!).mock.calls.map(([url]) => url)).toEqual([INTAKE_SCRIPT, ROUTER_SCRIPT]);
    });

    it('begins opening the database before it imports the intake, and the intake writes through that open', async () => {
      const order: string[] = [];
      const { start } = fakeRouter();
      const scope = scopeWithIntake(start);
      const load = scope.importScripts!;
      scope.importScripts = vi.fn((url: string) => {
        order.push(url);
        load(url);
      });
      scope.indexedDB = {
        open: (name: string) => {
          order.push(`open ${name}`);
          return indexedDB.open(name);
        },
      } as IDBFactory;
      openDoorway(scope);
      const answer = (await deliver('startCheck', panel, request)) as { res?: { ok: boolean } };
      expect(answer.res?.ok).toBe(true);
      // One open, the doorway's, before the intake's import: the intake opened none of its own.
      expect(order.slice(0, 2)).toEqual([`open ${DATABASE_NAME}`, INTAKE_SCRIPT]);
      expect(order.filter((step) => step.startsWith('open'))).toHaveLength(1);
    });

    it('is taken in also when only the router ran in this life of the worker', async () => {
      await fakeBrowser.storage.local.set({ settings: { model: { preset: 'openai' } } });
      const { start, seen } = fakeRouter();
      openDoorway(scopeWithIntake(start));
      // A status the router answers (the settings changed since the snapshot) starts the router, not the engine.
      expect(await deliver('getStatus', panel)).toEqual({ res: FROM_ROUTER });
      expect(start).toHaveBeenCalledTimes(1);
      const answer = (await deliver('startCheck', panel, request)) as { res?: { ok: boolean } };
      expect(answer.res).toMatchObject({ ok: true });
      await vi.waitFor(() => expect(seen).toContain('resume'));
      expect(seen).not.toContain('startCheck');
    });

    it('is taken in also once the router has started and handed an earlier check to the engine', async () => {
      const { start, seen } = fakeRouter();
      openDoorway(scopeWithIntake(start));
      expect(((await deliver('startCheck', panel, request)) as { res?: { ok: boolean } }).res?.ok).toBe(true);
      await vi.waitFor(() => expect(seen).toContain('resume'));
      const second = (await deliver('startCheck', panel, { ...request, text: 'Paris is in France.' })) as {
        res?: { ok: boolean };
      };
      expect(second.res?.ok).toBe(true);
      await vi.waitFor(() => expect(seen.filter((event) => event === 'resume')).toHaveLength(2));
      expect(seen).not.toContain('startCheck');
      expect(start).toHaveBeenCalledTimes(1);
    });

    it('hands each of two checks taken in before the router starts to the engine', async () => {
      const { start, seen } = fakeRouter();
      openDoorway(scopeWithIntake(start));
      const [first, second] = (await Promise.all([
        deliver('startCheck', panel, request),
        deliver('startCheck', panel, { ...request, text: 'Paris is in France.' }),
      ])) as Array<{ res?: { ok: boolean } }>;
      expect([first?.res?.ok, second?.res?.ok]).toEqual([true, true]);
      await vi.waitFor(() => expect(seen.filter((event) => event === 'resume')).toHaveLength(2));
      expect(start).toHaveBeenCalledTimes(1);
    });

    it('hands a check to the engine also when the resume alarm could not be set', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      vi.spyOn(fakeBrowser.alarms, 'create').mockRejectedValue(new Error('Too many alarms'));
      const { start, seen } = fakeRouter();
      openDoorway(scopeWithIntake(start));
      const answer = (await deliver('startCheck', panel, request)) as { res?: { ok: boolean } };
      expect(answer.res?.ok).toBe(true);
      expect(warn).toHaveBeenCalledWith('[factlight] resume alarm not set', expect.any(Error));
      await vi.waitFor(() => expect(seen).toContain('resume'));
    });

    it('leaves a check the intake does not take (an empty text) to the router, which says why', async () => {
      const { start, seen } = fakeRouter();
      openDoorway(scopeWithIntake(start));
      await deliver('startCheck', panel, { text: '  ', origin: 'typed' });
      expect(seen).toEqual(['startCheck']);
      const db = new FactlightDb();
      expect(await db.checks.count()).toBe(0);
      db.close();
    });

    it('has the router take a check the intake hands back (no database made by Dexie yet)', async () => {
      await deleteDatabase();
      const { start, seen } = fakeRouter();
      const scope = scopeWithIntake(start);
      openDoorway(scope);
      expect(await deliver('startCheck', panel, request)).toEqual({ res: { ok: true, checkId: 'c1' } });
      expect(seen).toEqual(['startCheck']);
      expect(vi.mocked(scope.importScripts!).mock.calls.map(([url]) => url)).toEqual([INTAKE_SCRIPT, ROUTER_SCRIPT]);
    });

    /** The scope's IndexedDB, keeping each open it is asked for (to see that the doorway closes one). */
    function keptOpens(scope: DoorwayScope): IDBOpenDBRequest[] {
      const opens: IDBOpenDBRequest[] = [];
      scope.indexedDB = { open: (name: string) => opens[opens.push(indexedDB.open(name)) - 1]! } as IDBFactory;
      return opens;
    }

    /** Waits until `open` has succeeded and its connection is closed (a closed one refuses transactions). */
    async function closedOnceOpen(open: IDBOpenDBRequest): Promise<void> {
      await vi.waitFor(() => expect(open.readyState).toBe('done'));
      // A pending request's result throws too: only a finished open's refusal says it was closed.
      await vi.waitFor(() => expect(() => open.result.transaction('checks')).toThrow(/closed|InvalidState/i));
    }

    it('is left to the router when the intake cannot be loaded', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { start, seen } = fakeRouter();
      const scope = workerScope(start);
      const load = scope.importScripts!;
      scope.importScripts = vi.fn((url: string) => {
        if (url === INTAKE_SCRIPT) throw new Error('network error');
        load(url);
      });
      const opens = keptOpens(scope);
      openDoorway(scope);
      expect(await deliver('startCheck', panel, request)).toEqual({ res: { ok: true, checkId: 'c1' } });
      expect(seen).toEqual(['startCheck']);
      expect(warn).toHaveBeenCalledWith('[factlight] check intake not loaded', expect.any(Error));
      // The open begun for the intake is closed, not left holding a connection nothing will use.
      expect(opens).toHaveLength(1);
      await closedOnceOpen(opens[0]!);
    });

    it('closes the open it began when the intake script leaves no start function, and leaves the check to the router', async () => {
      const { start, seen } = fakeRouter();
      // The intake's script runs but sets nothing (a broken build): the router takes the check.
      const scope = workerScope(start);
      const opens = keptOpens(scope);
      openDoorway(scope);
      expect(await deliver('startCheck', panel, request)).toEqual({ res: { ok: true, checkId: 'c1' } });
      expect(seen).toEqual(['startCheck']);
      expect(opens).toHaveLength(1);
      await closedOnceOpen(opens[0]!);
    });
  });

  it('answers an error, not silence, when router.js is missing (a broken install)', async () => {
    const scope: DoorwayScope = { importScripts: vi.fn(), addEventListener: vi.fn() };
    openDoorway(scope);
    const answer = (await deliver('startCheck', panel, { text: 'A claim.', origin: 'typed' })) as { err?: unknown };
    // What the page's sendMessage throws: an Error with the words, as @webext-core/messaging rebuilds it.
    const thrown = deserializeError(answer.err) as unknown;
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe(fakeBrowser.i18n.getMessage('bgEngineMissing'));
  });

  it('says a broken install in the chosen interface language, not the browser’s', async () => {
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'fr' });
    const french = JSON.parse(
      readFileSync(join(process.cwd(), 'public/_locales/fr/messages.json'), 'utf8'),
    ) as Catalogue;
    openDoorway({ importScripts: vi.fn(), addEventListener: vi.fn() });
    const answer = (await deliver('startCheck', panel, { text: 'A claim.', origin: 'typed' })) as { err?: unknown };
    const thrown = deserializeError(answer.err) as Error;
    expect(thrown.message).toBe(french.bgEngineMissing!.message);
    expect(thrown.message).not.toBe(fakeBrowser.i18n.getMessage('bgEngineMissing'));
  });

  it('reads no catalogue when the router loads (only a broken install does)', async () => {
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'fr' });
    const fetched = vi.spyOn(globalThis, 'fetch');
    openDoorway(workerScope(fakeRouter().start));
    expect(await deliver('startCheck', panel, { text: 'A claim.', origin: 'typed' })).toEqual({
      res: { ok: true, checkId: 'c1' },
    });
    expect(fetched).not.toHaveBeenCalled();
  });

  it("starts the router at once with the browser's own events where there is no importScripts (Firefox)", () => {
    const start = vi.fn();
    openDoorway({ [ROUTER_GLOBAL]: start });
    expect(start).toHaveBeenCalledWith(fakeBrowser);
  });
});
