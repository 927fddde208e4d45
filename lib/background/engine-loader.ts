/**
 * Starts the engine (engine.ts, built as engine.js) on first need in Firefox's background page, which lists engine.js
 * before background.js (wxt.config.ts): the engine is already there. A scope with importScripts imports it first (the
 * tests' worker). Chrome's worker never loads it: its engine runs in the offscreen document (offscreen-engine/), so a
 * wake is not sent the engine's code.
 */
import { t } from '../i18n/i18n';
import type { Engine, EngineDeps } from './engine';
import { ENGINE_GLOBAL, ENGINE_SCRIPT } from './engine-global';
import { interfaceLanguageReady } from './interface-language';

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
  /**
   * The engine, as `get` gives it, for a command whose failure a person reads: a broken install is said in the
   * chosen interface language, whose words are loaded first (the worker speaks the browser's until then).
   */
  started(): Promise<Engine>;
  /** Whether the engine runs in this life of the worker (a tab event then concerns it). */
  loaded(): boolean;
}

/** engine.js left no engine: a broken install, said in the words the worker speaks when it is thrown. */
class EngineMissingError extends Error {
  constructor() {
    super(t('bgEngineMissing'));
  }
}

export function engineLoader(deps: EngineDeps, scope: EngineScope = globalThis as EngineScope): EngineLoader {
  let engine: Engine | undefined;
  return {
    get() {
      if (engine) return engine;
      if (!scope[ENGINE_GLOBAL] && typeof scope.importScripts === 'function') scope.importScripts(ENGINE_SCRIPT);
      const start = scope[ENGINE_GLOBAL];
      if (!start) throw new EngineMissingError();
      engine = start(deps);
      return engine;
    },
    async started() {
      try {
        return this.get();
      } catch (error) {
        if (!(error instanceof EngineMissingError)) throw error;
        await interfaceLanguageReady();
        throw new EngineMissingError();
      }
    },
    loaded: () => engine !== undefined,
  };
}
