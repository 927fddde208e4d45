/**
 * The worker's side of Chrome's offscreen engine (issue 27, relay-server.ts): it makes API calls and runs the engine's
 * dependencies for our own offscreen document only, and only the calls and injections the allow-list names.
 */
import { describe, expect, it, vi } from 'vitest';

import { frameAddress } from '../../../../../lib/background/frame-address';
import type { NetworkGuard } from '../../../../../lib/background/network-guard';
import {
  makeRelayedCall,
  serveOffscreenEngine,
  type WorkerServices,
} from '../../../../../lib/background/offscreen-engine/relay-server';
import { type MessageListener, relayedEvent } from '../../../../../lib/background/worker-events';
import { readExplanationSelection } from '../../../../../lib/content/read-explanation-selection';
import { isOwnContextAt } from '../../../../../lib/messaging/sender-policy';

const own = { id: 'our-id', documentUrl: 'chrome-extension://our-id/offscreen.html' };
const document = { id: own.id, url: own.documentUrl };

function services(): WorkerServices {
  return {
    guard: { apply: vi.fn(async () => undefined) } as unknown as NetworkGuard,
    applyGuard: vi.fn(async () => undefined),
    loadSettings: vi.fn(async () => ({ model: 'settings' }) as never),
    closeIfIdle: vi.fn(async () => undefined),
  };
}

/** The worker's `browser`, with only what these tests call. */
function workerApi() {
  return {
    storage: { local: { get: vi.fn(async (keys: unknown) => ({ asked: keys })), clear: vi.fn(async () => undefined) } },
    tabs: { remove: vi.fn(async () => undefined) },
    scripting: { executeScript: vi.fn(async (details: unknown) => [{ result: details }]) },
  };
}

function serve(deps = services(), api: unknown = workerApi()) {
  const onMessage = relayedEvent<MessageListener>();
  serveOffscreenEngine(onMessage, own, deps, api);
  /** Sends one message as `sender`: whether the listener kept the reply open, and the reply once it comes. */
  const send = (type: string, data: unknown, sender: object = document) => {
    let reply!: (answer: unknown) => void;
    const answered = new Promise<unknown>((resolve) => (reply = resolve));
    const sendResponse = vi.fn(reply);
    const [kept] = onMessage.dispatch({ id: 1, type, data, timestamp: Date.now() }, sender as never, sendResponse);
    return { kept, answered, sendResponse };
  };
  return { send, deps, api };
}

describe('our offscreen document, as isOwnContextAt tells it', () => {
  it('is our offscreen document only: our id, its address, no tab', () => {
    expect(isOwnContextAt(document, own.id, own.documentUrl)).toBe(true);
    expect(isOwnContextAt({ ...document, id: 'another-extension' }, own.id, own.documentUrl)).toBe(false);
    expect(
      isOwnContextAt({ ...document, url: 'chrome-extension://our-id/sidepanel.html' }, own.id, own.documentUrl),
    ).toBe(false);
    // A content script of ours in a tab whose address looks like the document's.
    expect(isOwnContextAt({ ...document, tab: { id: 3 } }, own.id, own.documentUrl)).toBe(false);
  });
});

describe('serveOffscreenEngine', () => {
  it('makes an allowed call for our document and answers in the messaging envelope', async () => {
    const { send, api } = serve();
    const { kept, answered } = send('engineRelayCall', { path: 'storage.local.get', args: ['settings'] });
    expect(kept).toBe(true);
    await expect(answered).resolves.toEqual({ res: { asked: 'settings' } });
    expect((api as ReturnType<typeof workerApi>).storage.local.get).toHaveBeenCalledWith('settings');
  });

  it('serves nothing to another sender: no call made, no answer, the message left to other listeners', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = workerApi();
    const deps = services();
    const { send } = serve(deps, api);
    const senders = [
      { id: own.id, url: 'https://example.com/', tab: { id: 4 } },
      { id: 'another-extension', url: own.documentUrl },
      { id: own.id, url: 'chrome-extension://our-id/sidepanel.html' },
    ];
    for (const sender of senders) {
      const call = send('engineRelayCall', { path: 'storage.local.get', args: [null] }, sender);
      expect(call.kept).toBe(false);
      expect(call.sendResponse).not.toHaveBeenCalled();
      const dep = send('engineRelayDep', { name: 'closeEngineDocument', args: [] }, sender);
      expect(dep.kept).toBe(false);
    }
    await Promise.resolve();
    expect(api.storage.local.get).not.toHaveBeenCalled();
    expect(deps.closeIfIdle).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(senders.length * 2);
  });

  it('leaves messages of other types to other listeners', () => {
    const { send } = serve();
    expect(send('engineCall', { method: 'resume', args: [] }).kept).toBe(false);
  });

  it('refuses a call outside the allow-list, though the API has it', async () => {
    const api = workerApi();
    const { send } = serve(services(), api);
    for (const path of ['storage.local.clear', 'tabs.remove', 'storage.local', '__proto__.toString']) {
      const { answered } = send('engineRelayCall', { path, args: [] });
      await expect(answered).resolves.toMatchObject({ err: { message: expect.stringMatching(/does not make/) } });
    }
    expect(api.storage.local.clear).not.toHaveBeenCalled();
    expect(api.tabs.remove).not.toHaveBeenCalled();
  });

  it('runs the engine’s dependencies, and closes the document only through closeIfIdle', async () => {
    const deps = services();
    const { send } = serve(deps);
    await expect(send('engineRelayDep', { name: 'closeEngineDocument', args: [] }).answered).resolves.toEqual({});
    expect(deps.closeIfIdle).toHaveBeenCalledTimes(1);
    const policy = { allow: ['http://127.0.0.1:1234/'] };
    await send('engineRelayDep', { name: 'applyPolicy', args: [policy] }).answered;
    expect(deps.guard.apply).toHaveBeenCalledWith(policy);
    await send('engineRelayDep', { name: 'applyGuard', args: [] }).answered;
    expect(deps.applyGuard).toHaveBeenCalledTimes(1);
    await expect(send('engineRelayDep', { name: 'loadSettings', args: [] }).answered).resolves.toEqual({
      res: { model: 'settings' },
    });
  });

  it('refuses a dependency it does not have', async () => {
    const deps = services();
    const { send } = serve(deps);
    for (const name of ['startEngine', 'toString', undefined]) {
      const { answered } = send('engineRelayDep', { name, args: [] });
      await expect(answered).resolves.toMatchObject({ err: { message: expect.stringMatching(/has no/) } });
    }
    expect(deps.closeIfIdle).not.toHaveBeenCalled();
  });
});

describe('makeRelayedCall: scripting.executeScript', () => {
  const target = { tabId: 7, frameIds: [0] };

  it('injects our own script file', async () => {
    const api = workerApi();
    await makeRelayedCall(api, { path: 'scripting.executeScript', args: [{ target, files: ['/highlighter.js'] }] });
    expect(api.scripting.executeScript).toHaveBeenCalledWith({ target, files: ['/highlighter.js'] });
  });

  it('refuses any other file, a list mixing ours with another, and no file at all', async () => {
    const api = workerApi();
    for (const files of [['/evil.js'], ['/highlighter.js', '/evil.js'], [], undefined, '/highlighter.js']) {
      await expect(
        makeRelayedCall(api, { path: 'scripting.executeScript', args: [{ target, files }] }),
      ).rejects.toThrow(/only for our own files and named functions/);
    }
    expect(api.scripting.executeScript).not.toHaveBeenCalled();
  });

  it('puts back the worker’s own copy of a named function', async () => {
    const api = workerApi();
    await makeRelayedCall(api, {
      path: 'scripting.executeScript',
      args: [{ target, args: [1] }],
      funcName: 'frameAddress',
    });
    expect(api.scripting.executeScript).toHaveBeenCalledWith({ target, args: [1], func: frameAddress });
    await makeRelayedCall(api, {
      path: 'scripting.executeScript',
      args: [{ target }],
      funcName: 'readExplanationSelection',
    });
    expect(api.scripting.executeScript).toHaveBeenLastCalledWith({ target, func: readExplanationSelection });
  });

  it('refuses a function name it does not know, inherited names included', async () => {
    const api = workerApi();
    for (const funcName of ['eval', 'toString', 'constructor']) {
      await expect(
        makeRelayedCall(api, { path: 'scripting.executeScript', args: [{ target }], funcName }),
      ).rejects.toThrow(/No injectable function/);
    }
    expect(api.scripting.executeScript).not.toHaveBeenCalled();
  });

  it('refuses a named function with files beside it, even our own', async () => {
    const api = workerApi();
    for (const files of [['/highlighter.js'], ['/elsewhere.js']]) {
      await expect(
        makeRelayedCall(api, { path: 'scripting.executeScript', args: [{ target, files }], funcName: 'frameAddress' }),
      ).rejects.toThrow(/not both/);
    }
    expect(api.scripting.executeScript).not.toHaveBeenCalled();
  });

  it('refuses a function that crossed the message as a value instead of a name', async () => {
    const api = workerApi();
    // Alone, or beside one of our files.
    for (const files of [undefined, ['/highlighter.js']]) {
      await expect(
        makeRelayedCall(api, { path: 'scripting.executeScript', args: [{ target, files, func: 'alert(1)' }] }),
      ).rejects.toThrow(/only for our own files and named functions/);
    }
    expect(api.scripting.executeScript).not.toHaveBeenCalled();
  });

  it('says so when the browser lacks an allowed API', async () => {
    await expect(makeRelayedCall({}, { path: 'alarms.create', args: ['a', {}] })).rejects.toThrow(
      /has no alarms.create/,
    );
  });
});
