/**
 * Runs the engine (lib/background/engine.ts) in Chrome's offscreen document (issue 27): a worker woken from idle is
 * then sent only its doorway, intake and router, not the engine's code, and the engine, once started, outlives the
 * worker's stops. The document has only the `runtime` API, so the engine's other API calls go through the worker
 * (browser-relay.ts, relay-server.ts), its words come from the catalogue the browser picked (browser-catalogue.ts),
 * and the settings in force and the network guard stay in the worker (`EngineDeps`).
 */
import type { EngineMethod } from '../../messaging/protocol';
import type { Engine, EngineDeps } from '../engine';
import type { NetworkPolicy } from '../../net/network-policy';
import type { Settings } from '../../settings/schema';
import { browserCatalogueI18n } from './browser-catalogue';
import { installBrowserRelay, type RelayCall } from './browser-relay';
import type { RelayedDep } from './relayed-calls';

export interface EngineHostOptions {
  /** The document's `chrome` (the object wxt/browser's `browser` is). */
  chrome: Record<string, unknown>;
  startEngine(deps: EngineDeps): Engine;
  /** An API call made by the worker. */
  call: RelayCall;
  /** One of the engine's dependencies, run by the worker. */
  dep(name: RelayedDep, args: unknown[]): Promise<unknown>;
  /** `navigator.language`, for `i18n.getUILanguage`. */
  uiLanguage: string;
}

export interface EngineHost {
  /** Starts the engine (once): its words first, since every command it answers may say something. */
  start(): Promise<Engine>;
  /** One call of the engine's interface, the engine started first. */
  call(method: EngineMethod, args: unknown[]): Promise<unknown>;
  /** A storage change the worker heard, for the engine's listeners. */
  storageChanged(changes: Record<string, unknown>, area: string): void;
}

export function hostEngine(options: EngineHostOptions): EngineHost {
  const relay = installBrowserRelay(options.chrome, options.call);
  let started: Promise<Engine> | undefined;
  const start = async (): Promise<Engine> => {
    if (options.chrome.i18n === undefined) {
      const localeCode = await options.call('i18n.getMessage', ['localeCode']);
      options.chrome.i18n = await browserCatalogueI18n(localeCode, options.uiLanguage);
    }
    return options.startEngine({
      guard: { apply: async (policy: NetworkPolicy) => void (await options.dep('applyPolicy', [policy])) },
      applyGuard: async () => void (await options.dep('applyGuard', [])),
      loadSettings: async () => (await options.dep('loadSettings', [])) as Settings,
    });
  };
  return {
    start() {
      started ??= start().catch((error: unknown) => {
        started = undefined;
        throw error;
      });
      return started;
    },
    async call(method, args) {
      const engine = await this.start();
      return (engine[method] as (...args: unknown[]) => unknown).apply(engine, args);
    },
    storageChanged: (changes, area) => relay.deliverStorageChange(changes, area),
  };
}
