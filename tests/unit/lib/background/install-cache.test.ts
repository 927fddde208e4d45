import { describe, expect, it, vi } from 'vitest';

import { ENGINE_SCRIPT } from '../../../../lib/background/engine-global';
import { cacheAtInstall, type InstallScope } from '../../../../lib/background/install-cache';
import { ROUTER_SCRIPT } from '../../../../lib/background/router-global';

function workerScope(importScripts: (url: string) => void) {
  const scope: InstallScope & { listeners: Array<() => void> } = {
    listeners: [],
    importScripts: vi.fn(importScripts),
    addEventListener: (_type, listener) => void scope.listeners.push(listener),
  };
  return scope;
}

describe('scripts cached at install', () => {
  it('imports each script while the worker installs, so later lives of the worker find them in the script cache', () => {
    const scope = workerScope(() => undefined);
    cacheAtInstall([ROUTER_SCRIPT, ENGINE_SCRIPT], scope);
    expect(scope.importScripts).not.toHaveBeenCalled();
    expect(scope.listeners).toHaveLength(1);
    scope.listeners[0]!();
    expect(scope.importScripts).toHaveBeenNthCalledWith(1, ROUTER_SCRIPT);
    expect(scope.importScripts).toHaveBeenNthCalledWith(2, ENGINE_SCRIPT);
  });

  it('logs, does not throw from the install event, and still caches the others when one cannot be imported', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const scope = workerScope((url) => {
      if (url === ROUTER_SCRIPT) throw new Error('network error');
    });
    cacheAtInstall([ROUTER_SCRIPT, ENGINE_SCRIPT], scope);
    expect(() => scope.listeners[0]!()).not.toThrow();
    expect(error).toHaveBeenCalledWith(`[factlight] ${ROUTER_SCRIPT} not cached at install`, expect.any(Error));
    expect(scope.importScripts).toHaveBeenCalledWith(ENGINE_SCRIPT);
    error.mockRestore();
  });

  it('registers nothing where there is no importScripts (Firefox background page)', () => {
    const addEventListener = vi.fn();
    cacheAtInstall([ENGINE_SCRIPT], { addEventListener });
    expect(addEventListener).not.toHaveBeenCalled();
  });
});
