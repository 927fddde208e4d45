/**
 * The worker loads the engine on first need: from engine.js, which Chrome's worker imported while it installed
 * (importScripts then serves it from the worker's script cache), or which Firefox's background page ran first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import type { Engine, EngineDeps } from '../../../../lib/background/engine';
import { ENGINE_GLOBAL, ENGINE_SCRIPT } from '../../../../lib/background/engine-global';
import { engineLoader, type EngineScope } from '../../../../lib/background/engine-loader';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource } from '../../../../lib/i18n/sources';

afterEach(() => {
  fakeBrowser.reset();
  setMessageSource(browserSource());
});

const deps = {} as EngineDeps;
const fakeEngine = { resume: () => undefined } as unknown as Engine;

/** A worker scope whose importScripts runs engine.js: it leaves the start function on the global. */
function workerScope(start = vi.fn(() => fakeEngine)) {
  const scope: EngineScope & { listeners: Array<() => void> } = {
    listeners: [],
    importScripts: vi.fn((url: string) => {
      if (url === ENGINE_SCRIPT) scope[ENGINE_GLOBAL] = start;
    }),
    addEventListener: (_type, listener) => void scope.listeners.push(listener),
  };
  return { scope, start };
}

describe('engine loader', () => {
  it('loads nothing until the engine is asked for, then imports engine.js once and starts it once', () => {
    const { scope, start } = workerScope();
    const loader = engineLoader(deps, scope);
    expect(loader.loaded()).toBe(false);
    expect(scope.importScripts).not.toHaveBeenCalled();
    expect(loader.get()).toBe(fakeEngine);
    expect(loader.get()).toBe(fakeEngine);
    expect(loader.loaded()).toBe(true);
    expect(scope.importScripts).toHaveBeenCalledTimes(1);
    expect(scope.importScripts).toHaveBeenCalledWith(ENGINE_SCRIPT);
    expect(start).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledWith(deps);
  });

  it('starts the engine already there (Firefox runs engine.js first; Chrome imported it at install) without importing', () => {
    const { scope, start } = workerScope();
    scope[ENGINE_GLOBAL] = start;
    expect(engineLoader(deps, scope).get()).toBe(fakeEngine);
    expect(scope.importScripts).not.toHaveBeenCalled();
  });

  it('says the install is broken when engine.js leaves no engine, and tries again on the next call', () => {
    const scope: EngineScope = { importScripts: vi.fn() };
    const loader = engineLoader(deps, scope);
    expect(() => loader.get()).toThrow(/not installed completely/);
    expect(loader.loaded()).toBe(false);
    expect(() => loader.get()).toThrow(/not installed completely/);
    expect(scope.importScripts).toHaveBeenCalledTimes(2);
  });

  it('says a broken install in the chosen interface language, not the browser’s, to a command that waits', async () => {
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'fr' });
    const loader = engineLoader(deps, { importScripts: vi.fn() });
    const french = JSON.parse(
      readFileSync(join(process.cwd(), 'public/_locales/fr/messages.json'), 'utf8'),
    ) as Catalogue;
    await expect(loader.started()).rejects.toThrow(french.bgEngineMissing!.message);
    const { scope } = workerScope();
    await expect(engineLoader(deps, scope).started()).resolves.toBe(fakeEngine);
  });
});
