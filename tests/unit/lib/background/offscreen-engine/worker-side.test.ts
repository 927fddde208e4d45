/**
 * Chrome's worker side of the offscreen engine (issue 27, worker-side.ts): the relay served to the document, and the
 * storage changes the engine follows passed on to an open document.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import type { EngineDeps } from '../../../../../lib/background/engine';
import { RESUME_ALARM } from '../../../../../lib/background/keep-alive';
import { ENGINE_PORT } from '../../../../../lib/background/offscreen-engine/engine-port';
import {
  acceptEnginePort,
  documentActivity,
  offscreenEngine,
} from '../../../../../lib/background/offscreen-engine/worker-side';
import {
  isPolicyOrLanguageChange,
  type MessageListener,
  relayedEvent,
  type WorkerEvents,
} from '../../../../../lib/background/worker-events';

describe('isPolicyOrLanguageChange (what the engine document follows)', () => {
  it('passes on every change of the organisation’s policy', () => {
    expect(isPolicyOrLanguageChange({ anything: {} }, 'managed')).toBe(true);
  });

  it('passes on a change of the interface language, with other keys or alone', () => {
    expect(isPolicyOrLanguageChange({ interfaceLanguage: { newValue: 'fr' } }, 'local')).toBe(true);
    expect(isPolicyOrLanguageChange({ settings: {}, interfaceLanguage: { newValue: 'fr' } }, 'local')).toBe(true);
  });

  it('passes on nothing else: other local keys, other areas', () => {
    expect(isPolicyOrLanguageChange({ settings: {} }, 'local')).toBe(false);
    expect(isPolicyOrLanguageChange({ interfaceLanguage: { newValue: 'fr' } }, 'session')).toBe(false);
    expect(isPolicyOrLanguageChange({ interfaceLanguage: { newValue: 'fr' } }, 'sync')).toBe(false);
  });
});

describe('offscreenEngine', () => {
  let open: boolean;

  beforeEach(() => {
    fakeBrowser.reset();
    open = true;
    (fakeBrowser as unknown as Record<string, unknown>).offscreen = { hasDocument: vi.fn(async () => open) };
  });

  function wire() {
    const events = {
      runtime: { onMessage: relayedEvent<MessageListener>() },
      storage: { onChanged: relayedEvent<(changes: Record<string, unknown>, area: string) => void>() },
    };
    const sent: unknown[] = [];
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(((
      message: unknown,
      reply: (r: unknown) => void,
    ) => {
      sent.push(message);
      reply({ res: undefined });
    }) as never);
    // The document's port is accepted by `acceptEnginePort` (tested below); the fake browser has no onConnect.
    vi.spyOn(fakeBrowser.runtime.onConnect, 'addListener').mockImplementation(() => undefined);
    offscreenEngine(events as unknown as WorkerEvents, {} as EngineDeps);
    return { events, sent };
  }

  it('tells an open document of a storage change the engine follows', async () => {
    const { events, sent } = wire();
    const changes = { interfaceLanguage: { newValue: 'ja' } };
    events.storage.onChanged.dispatch(changes, 'local');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      type: 'engineEvent',
      data: { event: 'storage.onChanged', args: [changes, 'local'] },
    });
  });

  it('opens no document for a storage change, and passes on none the engine does not follow', async () => {
    const { events, sent } = wire();
    open = false;
    events.storage.onChanged.dispatch({ interfaceLanguage: { newValue: 'ja' } }, 'local');
    await vi.waitFor(() => expect(fakeBrowser.offscreen.hasDocument).toHaveBeenCalledTimes(1));
    open = true;
    events.storage.onChanged.dispatch({ settings: {} }, 'local');
    // Every callback the answers queued has run (a macrotask comes after all of them).
    await new Promise((resolve) => setImmediate(resolve));
    expect(fakeBrowser.offscreen.hasDocument).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });

  it('serves the relay to the document at its own address', async () => {
    const { events } = wire();
    await fakeBrowser.storage.local.set({ kept: 1 });
    const answer = new Promise((resolve) => {
      const kept = events.runtime.onMessage.dispatch(
        { id: 1, type: 'engineRelayCall', data: { path: 'storage.local.get', args: ['kept'] }, timestamp: 1 },
        { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/offscreen.html') } as never,
        resolve,
      );
      expect(kept).toEqual([true]);
    });
    await expect(answer).resolves.toEqual({ res: { kept: 1 } });
  });
});

describe('acceptEnginePort', () => {
  const own = { id: 'our-id', documentUrl: 'chrome-extension://our-id/offscreen.html' };
  /** A port whose messages and end the test fires. */
  function port(name: string, sender: object) {
    const onMessage: Array<(message: unknown) => void> = [];
    const onDisconnect: Array<() => void> = [];
    return {
      name,
      sender,
      disconnect: vi.fn(),
      onMessage: { addListener: (listener: (message: unknown) => void) => void onMessage.push(listener) },
      onDisconnect: { addListener: (listener: () => void) => void onDisconnect.push(listener) },
      post: (message: unknown) => onMessage.forEach((listener) => listener(message)),
      end: () => onDisconnect.forEach((listener) => listener()),
    };
  }
  const handlers = () => ({ activity: vi.fn<(active: number) => void>(), gone: vi.fn() });

  it("keeps the port of our own offscreen document, passes on its engine's activity, and says when it ends", () => {
    const ours = port(ENGINE_PORT, { id: 'our-id', url: own.documentUrl });
    const told = handlers();
    acceptEnginePort(ours, own, () => told);
    expect(ours.disconnect).not.toHaveBeenCalled();
    ours.post({ active: 2 });
    ours.post({ active: 0 });
    // Not activity: ignored.
    for (const message of ['ping', { active: -1 }, { active: 1.5 }, { active: '3' }, null]) ours.post(message);
    expect(told.activity.mock.calls).toEqual([[2], [0]]);
    expect(told.gone).not.toHaveBeenCalled();
    ours.end();
    expect(told.gone).toHaveBeenCalledTimes(1);
  });

  it("cuts the engine's port name from any other sender: a tab, another page of ours, another extension", () => {
    for (const sender of [
      { id: 'our-id', url: own.documentUrl, tab: { id: 3 } },
      { id: 'our-id', url: 'chrome-extension://our-id/sidepanel.html' },
      { id: 'other-id', url: 'chrome-extension://other-id/offscreen.html' },
    ]) {
      const theirs = port(ENGINE_PORT, sender);
      const told = handlers();
      acceptEnginePort(theirs, own, () => told);
      expect(theirs.disconnect).toHaveBeenCalledTimes(1);
      theirs.post({ active: 1 });
      theirs.end();
      expect([told.activity.mock.calls.length, told.gone.mock.calls.length]).toEqual([0, 0]);
    }
  });

  it('leaves ports of other names alone', () => {
    const other = port('something-else', { id: 'other-id' });
    const told = handlers();
    acceptEnginePort(other, own, () => told);
    other.post({ active: 1 });
    expect(other.disconnect).not.toHaveBeenCalled();
    expect(told.activity).not.toHaveBeenCalled();
  });
});

describe('documentActivity', () => {
  const alarm = () => fakeBrowser.alarms.get(RESUME_ALARM);
  beforeEach(() => fakeBrowser.reset());

  it("keeps the worker's keep-alive while any document runs something, though an older document's port ends", async () => {
    const loader = { documentGone: vi.fn() };
    const documents = documentActivity(loader);
    const old = documents.connection();
    const current = documents.connection();
    current.activity(1);
    await vi.waitFor(async () => expect(await alarm()).toBeDefined());
    // The idle document's port ends after the new one began its run.
    old.gone();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await alarm()).toBeDefined();
    expect(loader.documentGone).not.toHaveBeenCalled();
    current.activity(0);
    await vi.waitFor(async () => expect(await alarm()).toBeUndefined());
    current.gone();
    expect(loader.documentGone).toHaveBeenCalledTimes(1);
  });

  it("leaves the resume alarm as it is when a document that ran nothing goes (the intake's, for a check to take up)", async () => {
    await fakeBrowser.alarms.create(RESUME_ALARM, { periodInMinutes: 0.5 });
    const loader = { documentGone: vi.fn() };
    documentActivity(loader).connection().gone();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await alarm()).toBeDefined();
    expect(loader.documentGone).toHaveBeenCalledTimes(1);
  });

  it('ignores what a port says after it has ended', async () => {
    const documents = documentActivity({ documentGone: vi.fn() });
    const port = documents.connection();
    port.gone();
    port.activity(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await alarm()).toBeUndefined();
  });
});
