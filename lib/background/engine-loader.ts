/**
 * Loads the engine (engine.ts, built as engine.js) on first need, so a wake of the worker parses only the router.
 * Chrome's worker imports it from its script cache (cached at install: install-cache.ts). Firefox's background page
 * lists engine.js before background.js (wxt.config.ts): the engine is already there.
 */
import { t } from '../i18n/i18n';
import type { Engine, EngineDeps } from './engine';
import { ENGINE_GLOBAL, ENGINE_SCRIPT } from './engine-global';

type StartEngine = (deps: EngineDeps) => Engine;

/** The parts of the worker's global scope the loader uses (a test gives its own). */
export interface EngineScope {
  importScripts?: (...urls: string[]) => void;
  addEventListener?: (type: 'install', listener: () => void) => void;
  [ENGINE_GLOBAL]?: StartEngine;
}

export interface EngineLoader {
  /** The engine, started on the first call. Throws when engine.js cannot be loaded (a broken install). */
  get(): Engine;
  /** Whether the engine runs in this life of the worker (a tab event then concerns it). */
  loaded(): boolean;
}

export function engineLoader(deps: EngineDeps, scope: EngineScope = globalThis as EngineScope): EngineLoader {
  let engine: Engine | undefined;
  return {
    get() {
      if (engine) return engine;
      if (!scope[ENGINE_GLOBAL] && typeof scope.importScripts === 'function') scope.importScripts(ENGINE_SCRIPT);
      const start = scope[ENGINE_GLOBAL];
      if (!start) throw new Error(t('bgEngineMissing'));
      engine = start(deps);
      return engine;
    },
    loaded: () => engine !== undefined,
  };
}
