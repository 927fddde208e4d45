/**
 * Chrome's worker side of the offscreen engine (issue 27, worker-side.ts): the relay served to the document, and the
 * storage changes the engine follows passed on to an open document.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import type { EngineDeps } from '../../../../../lib/background/engine';
import { ENGINE_PORT } from '../../../../../lib/background/offscreen-engine/engine-port';
import {
  acceptEnginePort,
  concernsEngine,
  offscreenEngine,
} from '../../../../../lib/background/offscreen-engine/worker-side';
import { type MessageListener, relayedEvent, type WorkerEvents } from '../../../../../lib/background/worker-events';

describe('concernsEngine', () => {
  it('passes on every change of the organisation’s policy', () => {
    expect(concernsEngine({ anything: {} }, 'managed')).toBe(true);
  });

  it('passes on a change of the interface language, with other keys or alone', () => {
    expect(concernsEngine({ interfaceLanguage: { newValue: 'fr' } }, 'local')).toBe(true);
    expect(concernsEngine({ settings: {}, interfaceLanguage: { newValue: 'fr' } }, 'local')).toBe(true);
  });

  it('passes on nothing else: other local keys, other areas', () => {
    expect(concernsEngine({ settings: {} }, 'local')).toBe(false);
    expect(concernsEngine({ interfaceLanguage: { newValue: 'fr' } }, 'session')).toBe(false);
    expect(concernsEngine({ interfaceLanguage: { newValue: 'fr' } }, 'sync')).toBe(false);
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
  const port = (name: string, sender: object) => ({ name, sender, disconnect: vi.fn() });

  it('keeps the port of our own offscreen document', () => {
    const ours = port(ENGINE_PORT, { id: 'our-id', url: own.documentUrl });
    acceptEnginePort(ours, own);
    expect(ours.disconnect).not.toHaveBeenCalled();
  });

  it("cuts the engine's port name from any other sender: a tab, another page of ours, another extension", () => {
    for (const sender of [
      { id: 'our-id', url: own.documentUrl, tab: { id: 3 } },
      { id: 'our-id', url: 'chrome-extension://our-id/sidepanel.html' },
      { id: 'other-id', url: 'chrome-extension://other-id/offscreen.html' },
    ]) {
      const theirs = port(ENGINE_PORT, sender);
      acceptEnginePort(theirs, own);
      expect(theirs.disconnect).toHaveBeenCalledTimes(1);
    }
  });

  it('leaves ports of other names alone', () => {
    const other = port('something-else', { id: 'other-id' });
    acceptEnginePort(other, own);
    expect(other.disconnect).not.toHaveBeenCalled();
  });
});
