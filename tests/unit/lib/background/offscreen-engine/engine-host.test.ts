/**
 * The engine as Chrome's offscreen document hosts it (issue 27, engine-host.ts): started once, its words first; the
 * worker is asked to close the document once nothing has used the engine for `idleMs` (no call in flight, no check or
 * rating running), and the countdown starts again with each use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Engine, EngineDeps } from '../../../../../lib/background/engine';
import type { RelayCall } from '../../../../../lib/background/offscreen-engine/browser-relay';
import { hostEngine } from '../../../../../lib/background/offscreen-engine/engine-host';
import { DOCUMENT_CLOSING } from '../../../../../lib/background/offscreen-engine/engine-port';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';

const IDLE_MS = 20_000;

/** The document's port to its worker, as the host sees it: the activity it posts, its end fired by the test. */
function workerPort() {
  let gone: (() => void) | undefined;
  return {
    activity: vi.fn<(active: number) => void>(),
    onGone: (listener: () => void) => void (gone = listener),
    stop: () => gone?.(),
  };
}

function catalogue(locale: string): Catalogue {
  return JSON.parse(readFileSync(join(process.cwd(), `public/_locales/${locale}/messages.json`), 'utf8')) as Catalogue;
}

/** A host whose engine's `dispatch` answers as the test says; `i18n` is given unless `withI18n` is false. */
function host({ withI18n = true, localeCode = 'en' } = {}) {
  const chrome: Record<string, unknown> = withI18n ? { i18n: { getMessage: () => 'words' } } : {};
  let deps: EngineDeps | undefined;
  const engine = { dispatch: vi.fn(async () => 'answer') } as unknown as Engine & {
    dispatch: ReturnType<typeof vi.fn>;
  };
  const startEngine = vi.fn((given: EngineDeps): Engine => {
    deps = given;
    return engine;
  });
  const call = vi.fn<RelayCall>(async (path, args) =>
    path === 'i18n.getMessage' && args[0] === 'localeCode' ? localeCode : undefined,
  );
  const dep = vi.fn(async (_name: string, _args: unknown[]): Promise<unknown> => undefined);
  const worker = workerPort();
  const closeSelf = vi.fn();
  const hosted = hostEngine({
    apis: [chrome],
    startEngine,
    call,
    dep,
    uiLanguage: 'fr-FR',
    idleMs: IDLE_MS,
    worker,
    closeSelf,
  });
  const closes = () => dep.mock.calls.filter(([name]) => name === 'closeEngineDocument').length;
  return { hosted, chrome, engine, startEngine, call, dep, closes, worker, closeSelf, deps: () => deps! };
}

describe('engine host: start', () => {
  it('gives every API object of the document (its chrome and its distinct browser) the relayed namespaces and i18n', async () => {
    const chrome: Record<string, unknown> = { runtime: {} };
    const browserObject: Record<string, unknown> = { runtime: {} };
    const call = vi.fn<RelayCall>(async (path) => (path === 'i18n.getMessage' ? 'en' : 'answer'));
    const hosted = hostEngine({
      apis: [chrome, browserObject],
      startEngine: () => ({}) as Engine,
      call,
      dep: async () => undefined,
      uiLanguage: 'en',
      idleMs: IDLE_MS,
      worker: workerPort(),
      closeSelf: () => undefined,
    });
    await hosted.start();
    for (const api of [chrome, browserObject]) {
      expect((api.tabs as { sendMessage?: unknown } | undefined)?.sendMessage).toBeTypeOf('function');
      expect((api.i18n as { getMessage?: unknown } | undefined)?.getMessage).toBeTypeOf('function');
    }
    await (chrome.tabs as { sendMessage(...args: unknown[]): Promise<unknown> }).sendMessage(1, { type: 'drawCheck' });
    expect(call).toHaveBeenLastCalledWith('tabs.sendMessage', [1, { type: 'drawCheck' }]);
  });

  it('runs only the methods of the engine interface, not any property the engine object has', async () => {
    const { hosted, engine } = host();
    for (const method of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      await expect(hosted.call(method as never, [])).rejects.toThrow(/No engine method/);
    await expect(hosted.call('dispatch', [])).resolves.toBe('answer');
    expect(engine.dispatch).toHaveBeenCalledTimes(1);
  });

  it('starts the engine once, however many calls come at once', async () => {
    const { hosted, startEngine, engine } = host();
    const [first, second] = await Promise.all([hosted.start(), hosted.start(), hosted.call('dispatch', [])]);
    expect(first).toBe(engine);
    expect(second).toBe(engine);
    await hosted.call('dispatch', ['getStatus', {}, {}]);
    expect(startEngine).toHaveBeenCalledTimes(1);
    expect(engine.dispatch).toHaveBeenLastCalledWith('getStatus', {}, {});
  });

  it('tries again on the next call when the start failed', async () => {
    const { hosted, startEngine, engine } = host();
    startEngine.mockImplementationOnce(() => {
      throw new Error('no database');
    });
    await expect(hosted.call('dispatch', [])).rejects.toThrow('no database');
    await expect(hosted.call('dispatch', [])).resolves.toBe('answer');
    expect(startEngine).toHaveBeenCalledTimes(2);
    expect(engine.dispatch).toHaveBeenCalledTimes(1);
  });

  it('loads the catalogue the browser picked before the engine starts', async () => {
    const { hosted, chrome, startEngine, call } = host({ withI18n: false, localeCode: 'fr' });
    const french = catalogue('fr').bgEngineMissing!.message;
    let wordsAtStart: string | undefined;
    startEngine.mockImplementationOnce(() => {
      wordsAtStart = (chrome.i18n as { getMessage(name: string): string }).getMessage('bgEngineMissing');
      return {} as Engine;
    });
    await hosted.start();
    expect(call).toHaveBeenCalledWith('i18n.getMessage', ['localeCode']);
    expect(wordsAtStart).toBe(french);
    expect((chrome.i18n as { getUILanguage(): string }).getUILanguage()).toBe('fr-FR');
  });

  it('uses an i18n the browser gives the document itself', async () => {
    const { hosted, chrome, call } = host();
    const own = chrome.i18n;
    await hosted.start();
    expect(call).not.toHaveBeenCalled();
    expect(chrome.i18n).toBe(own);
  });

  it('gives the engine the worker’s dependencies, each run there', async () => {
    const { hosted, dep, deps } = host();
    await hosted.start();
    const policy = { allow: [] } as never;
    await deps().guard.apply(policy);
    await deps().applyGuard();
    await deps().loadSettings();
    expect(dep.mock.calls).toEqual([
      ['applyPolicy', [policy]],
      ['applyGuard', []],
      ['loadSettings', []],
    ]);
  });

  it('hands a storage change the worker heard to the engine’s listeners', () => {
    const { hosted, chrome } = host();
    const listener = vi.fn();
    (chrome.storage as { onChanged: { addListener(listener: unknown): void } }).onChanged.addListener(listener);
    hosted.storageChanged({ interfaceLanguage: { newValue: 'de' } }, 'local');
    expect(listener).toHaveBeenCalledWith({ interfaceLanguage: { newValue: 'de' } }, 'local');
  });
});

describe('engine host: idle close', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the worker to close a document opened for nothing once idleMs has passed', async () => {
    const { closes } = host();
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(closes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(closes()).toBe(1);
  });

  it('counts idleMs from the end of the last call, and not while a call is in flight', async () => {
    const { hosted, engine, closes } = host();
    let answer!: (value: unknown) => void;
    engine.dispatch.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const pending = hosted.call('dispatch', []);
    await vi.advanceTimersByTimeAsync(IDLE_MS * 5);
    expect(closes()).toBe(0);
    answer('late');
    await expect(pending).resolves.toBe('late');
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(closes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(closes()).toBe(1);
  });

  it("does not count a tab's events as a use (browsing would keep an idle document open)", async () => {
    const { hosted, closes, engine } = host();
    Object.assign(engine, { tabNavigated: vi.fn(), tabRemoved: vi.fn() });
    await vi.advanceTimersByTimeAsync(IDLE_MS - 5);
    await hosted.call('tabNavigated', [3]);
    await hosted.call('tabRemoved', [3]);
    await vi.advanceTimersByTimeAsync(5);
    expect(closes()).toBe(1);
  });

  it('counts a failed call as ended', async () => {
    const { hosted, engine, closes } = host();
    engine.dispatch.mockRejectedValueOnce(new Error('failed'));
    await expect(hosted.call('dispatch', [])).rejects.toThrow('failed');
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(closes()).toBe(1);
  });

  it('stays open while checks or ratings run, and counts down once none does', async () => {
    const { hosted, deps, closes } = host();
    await hosted.call('dispatch', []);
    deps().hosted!.onActivity(1);
    await vi.advanceTimersByTimeAsync(IDLE_MS * 5);
    expect(closes()).toBe(0);
    deps().hosted!.onActivity(2);
    deps().hosted!.onActivity(1);
    await vi.advanceTimersByTimeAsync(IDLE_MS * 5);
    expect(closes()).toBe(0);
    deps().hosted!.onActivity(0);
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(closes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(closes()).toBe(1);
  });

  it('asks again after a later use, and not without one', async () => {
    const { hosted, closes } = host();
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(closes()).toBe(1);
    await vi.advanceTimersByTimeAsync(IDLE_MS * 5);
    expect(closes()).toBe(1);
    await hosted.call('dispatch', []);
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(closes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(closes()).toBe(2);
  });

  it('starts the countdown again when a call comes during it', async () => {
    const { hosted, closes } = host();
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    await hosted.call('dispatch', []);
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(closes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(closes()).toBe(1);
  });

  it('only logs a close the worker could not make', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { dep } = host();
    dep.mockRejectedValueOnce(new Error('worker gone'));
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(warn).toHaveBeenCalledWith('[factlight] the idle engine document not closed', expect.any(Error));
  });
});

describe('engine host: the worker that opened the document', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells the worker how many checks and ratings run, each time that changes', async () => {
    const { hosted, deps, worker } = host();
    await hosted.start();
    deps().hosted!.onActivity(1);
    deps().hosted!.onActivity(2);
    deps().hosted!.onActivity(0);
    expect(worker.activity.mock.calls).toEqual([[1], [2], [0]]);
  });

  it('closes itself when that worker stops, runs and all, and refuses later calls as a document that is closing', async () => {
    const { hosted, deps, worker, closeSelf, engine } = host();
    await hosted.call('dispatch', ['startCheck', {}, {}]);
    deps().hosted!.onActivity(1);
    worker.stop();
    expect(closeSelf).toHaveBeenCalledTimes(1);
    await expect(hosted.call('dispatch', ['cancelCheck', {}, {}])).rejects.toThrow(DOCUMENT_CLOSING);
    expect(engine.dispatch).toHaveBeenCalledTimes(1);
    // Nothing posted on a port that has ended.
    deps().hosted!.onActivity(0);
    expect(worker.activity.mock.calls).toEqual([[1]]);
  });
});
