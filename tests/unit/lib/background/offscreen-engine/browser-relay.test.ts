/**
 * The offscreen document's relayed `chrome` (issue 27, browser-relay.ts): the engine's modules call it as they call
 * the browser's own API, and each call goes to the worker.
 */
import { describe, expect, it, vi } from 'vitest';

import { frameAddress } from '../../../../../lib/background/frame-address';
import { installBrowserRelay, type RelayCall } from '../../../../../lib/background/offscreen-engine/browser-relay';

type Method = (...args: unknown[]) => Promise<unknown> | undefined;
interface Listened {
  addListener(listener: unknown): void;
  removeListener(listener: unknown): void;
}
type Area = Record<string, Method | undefined> & { onChanged: Listened };

/** The relayed namespaces these tests use, as the engine's modules see them. */
interface RelayedApi {
  i18n?: unknown;
  storage: { local: Area; session: Area; managed: Area; onChanged: Listened };
  tabs: Record<string, Method | undefined> & { get: Method; sendMessage: Method };
  alarms: { get: Method };
  scripting: { executeScript: Method };
}

function install(answer: (path: string, args: unknown[]) => Promise<unknown> = async () => 'answer') {
  const call = vi.fn<RelayCall>((path, args) => answer(path, args));
  const chrome: Record<string, unknown> = { runtime: { id: 'our-id' } };
  const relay = installBrowserRelay([chrome], call);
  return { chrome: chrome as unknown as RelayedApi, call, relay };
}

/** A callback's arguments, once it is called. */
function answered() {
  let resolve!: (args: unknown[]) => void;
  const promise = new Promise<unknown[]>((done) => (resolve = done));
  return { promise, resolve };
}

describe('installBrowserRelay', () => {
  it('relays each allowed method, and adds no i18n (the catalogue answers it) nor anything not allowed', async () => {
    const { chrome, call } = install();
    await expect(chrome.storage.local.get!('settings')).resolves.toBe('answer');
    expect(call).toHaveBeenCalledWith('storage.local.get', ['settings']);
    expect(chrome.i18n).toBeUndefined();
    expect(chrome.tabs.remove).toBeUndefined();
    expect(chrome.storage.local.clear).toBeUndefined();
  });

  it('keeps a namespace the browser itself gives the document', async () => {
    const call = vi.fn<RelayCall>(async () => undefined);
    const own = { get: vi.fn(async () => 'own') };
    const chrome: Record<string, unknown> = { alarms: own };
    installBrowserRelay([chrome], call);
    expect(chrome.alarms).toBe(own);
    expect(chrome.storage).toBeDefined();
  });

  it("gives the same namespaces to the document's chrome and to its distinct browser, keeping each one's own", async () => {
    const call = vi.fn<RelayCall>(async () => undefined);
    const own = { get: vi.fn(async () => 'own') };
    const chrome: Record<string, unknown> = { alarms: own };
    const browserObject: Record<string, unknown> = {};
    installBrowserRelay([chrome, browserObject], call);
    expect(chrome.alarms).toBe(own);
    expect(browserObject.alarms).toBeDefined();
    expect(browserObject.alarms).not.toBe(own);
    expect(chrome.tabs).toBe(browserObject.tabs);
    expect(chrome.storage).toBe(browserObject.storage);
  });

  it('leaves out trailing absent arguments, and only trailing ones', async () => {
    const { chrome, call } = install();
    await chrome.tabs.sendMessage(3, { hello: 1 }, undefined);
    expect(call).toHaveBeenLastCalledWith('tabs.sendMessage', [3, { hello: 1 }]);
    await chrome.alarms.get(undefined);
    expect(call).toHaveBeenLastCalledWith('alarms.get', []);
    await chrome.tabs.sendMessage(3, undefined, { frameId: 0 });
    expect(call).toHaveBeenLastCalledWith('tabs.sendMessage', [3, undefined, { frameId: 0 }]);
  });

  it('answers a callback-style call through its callback, without the callback crossing', async () => {
    const { chrome, call } = install(async () => ({ ok: true }));
    const { promise, resolve } = answered();
    const returned = chrome.tabs.sendMessage(3, { hello: 1 }, undefined, (...answer: unknown[]) => resolve(answer));
    expect(returned).toBeUndefined();
    await expect(promise).resolves.toEqual([{ ok: true }]);
    expect(call).toHaveBeenCalledWith('tabs.sendMessage', [3, { hello: 1 }]);
  });

  it('calls a callback with nothing when the call failed, as the browser does', async () => {
    const { chrome } = install(async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    });
    const { promise, resolve } = answered();
    chrome.tabs.sendMessage(3, { hello: 1 }, (...answer: unknown[]) => resolve(answer));
    await expect(promise).resolves.toEqual([]);
  });

  it('lets a promise-style call fail with the worker’s error', async () => {
    const { chrome } = install(async () => {
      throw new Error('No tab with id: 3.');
    });
    await expect(chrome.tabs.get(3)).rejects.toThrow('No tab with id: 3.');
  });
});

describe('installBrowserRelay: scripting.executeScript', () => {
  const target = { tabId: 7, frameIds: [0] };

  it('sends an injectable function as its name, without the function', async () => {
    const { chrome, call } = install();
    await chrome.scripting.executeScript({ target, func: frameAddress, args: [] });
    expect(call).toHaveBeenCalledWith('scripting.executeScript', [{ target, args: [] }], 'frameAddress');
  });

  it('sends a file injection as it is', async () => {
    const { chrome, call } = install();
    await chrome.scripting.executeScript({ target, files: ['/highlighter.js'] });
    expect(call).toHaveBeenCalledWith('scripting.executeScript', [{ target, files: ['/highlighter.js'] }]);
  });

  it('refuses a function the worker has no copy of, sending nothing', async () => {
    const { chrome, call } = install();
    await expect(chrome.scripting.executeScript({ target, func: () => document.title })).rejects.toThrow(
      /cannot be injected/,
    );
    expect(call).not.toHaveBeenCalled();
  });
});

describe('installBrowserRelay: storage events', () => {
  it('hands a change to storage.onChanged and to its area’s onChanged only', () => {
    const { chrome, relay } = install();
    const { storage } = chrome;
    const any = vi.fn();
    const local = vi.fn();
    const session = vi.fn();
    const managed = vi.fn();
    storage.onChanged.addListener(any);
    storage.local.onChanged.addListener(local);
    storage.session.onChanged.addListener(session);
    storage.managed.onChanged.addListener(managed);
    const changes = { interfaceLanguage: { newValue: 'fr' } };
    relay.deliverStorageChange(changes, 'local');
    expect(any).toHaveBeenCalledWith(changes, 'local');
    expect(local).toHaveBeenCalledWith(changes);
    expect(session).not.toHaveBeenCalled();
    expect(managed).not.toHaveBeenCalled();
    storage.managed.onChanged.removeListener(managed);
    relay.deliverStorageChange({ policy: {} }, 'managed');
    expect(any).toHaveBeenCalledTimes(2);
    expect(managed).not.toHaveBeenCalled();
  });
});
