/**
 * Runs the engine (lib/background/engine.ts) in Chrome's offscreen document (issue 27): a worker woken from idle is
 * then sent only its doorway, intake and router, not the engine's code. The document closes once nothing has used the
 * engine for a while (`idleMs`: no call, no run), and the next call opens it again; it closes too when the worker that
 * opened it stops. The document has only the `runtime` API, so the engine's other API calls go through the worker
 * (browser-relay.ts, relay-server.ts), its words come from the catalogue the browser picked (browser-catalogue.ts),
 * and the settings in force and the network guard stay in the worker (`EngineDeps`).
 */
import { ENGINE_METHODS, type EngineMethod } from '../../messaging/protocol';
import type { NetworkPolicy } from '../../net/network-policy';
import type { Settings } from '../../settings/schema';
import type { Engine, EngineDeps } from '../engine';
import { idleCloser } from '../idle-closer';
import { browserCatalogueI18n } from './browser-catalogue';
import { installBrowserRelay, type RelayCall } from './browser-relay';
import { DOCUMENT_CLOSING } from './engine-port';
import type { RelayedDep } from './relayed-calls';

export interface EngineHostOptions {
  /**
   * The document's extension API objects: `chrome`, and `browser` where the browser gives a distinct one (Chromium
   * 156 does). wxt/browser's `browser` is the latter if there is one; libraries such as @webext-core/messaging read
   * `chrome`. Each gets the relayed namespaces and `i18n`.
   */
  apis: readonly Record<string, unknown>[];
  startEngine(deps: EngineDeps): Engine;
  /** An API call made by the worker. */
  call: RelayCall;
  /** One of the engine's dependencies, run by the worker. */
  dep(name: RelayedDep, args: unknown[]): Promise<unknown>;
  /** `navigator.language`, for `i18n.getUILanguage`. */
  uiLanguage: string;
  /**
   * How long the document stays open once nothing uses the engine (no call in flight, no check or rating running):
   * then the worker is asked to close it (engine-idle.ts).
   */
  idleMs: number;
  /**
   * The document's connection to the worker that opened it (a runtime port, engine-port.ts): told how many checks and
   * ratings run (the worker keeps itself awake and sets the resume alarm from it, as when it ran them), and gone when
   * that worker stops.
   */
  worker: { activity(active: number): void; onGone(listener: () => void): void };
  /** Closes this document (`window.close()`: an offscreen document may close itself). */
  closeSelf(): void;
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
  const relay = installBrowserRelay(options.apis, options.call);
  // The worker closes the document only if it has no call on its way here (worker-side.ts); a call that comes after
  // the close opens a new one.
  const idle = idleCloser(
    options.idleMs,
    () =>
      void options
        .dep('closeEngineDocument', [])
        .catch((error: unknown) => console.warn('[factlight] the idle engine document not closed', error)),
  );
  // A document opened for nothing (its first call failed to arrive) closes too.
  idle.begin()();
  /** Held while checks or ratings run (the engine says how many: `EngineDeps.hosted`). */
  let running: (() => void) | undefined;
  let closing = false;
  const onActivity = (active: number) => {
    if (closing) return;
    options.worker.activity(active);
    if (active > 0) running ??= idle.begin();
    else if (running) {
      running();
      running = undefined;
    }
  };
  // The document lives no longer than the worker that opened it: when that worker stops (Chrome stopped it although
  // it kept itself awake, or it crashed), the runs here stop too, as they stopped with the worker before the engine
  // moved here, and the next worker takes them up from the database (the resume alarm, a panel's resume): a call hung
  // on a model that never answers is asked again there. A call that comes meanwhile is refused, and the new worker
  // closes this document and runs it in a new one.
  options.worker.onGone(() => {
    closing = true;
    options.closeSelf();
  });
  let started: Promise<Engine> | undefined;
  const start = async (): Promise<Engine> => {
    const missing = options.apis.filter((api) => api.i18n === undefined);
    if (missing.length > 0) {
      const localeCode = await options.call('i18n.getMessage', ['localeCode']);
      const i18n = await browserCatalogueI18n(localeCode, options.uiLanguage);
      for (const api of missing) api.i18n = i18n;
    }
    return options.startEngine({
      guard: { apply: async (policy: NetworkPolicy) => void (await options.dep('applyPolicy', [policy])) },
      applyGuard: async () => void (await options.dep('applyGuard', [])),
      loadSettings: async () => (await options.dep('loadSettings', [])) as Settings,
      hosted: { onActivity },
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
      if (closing) throw new Error(DOCUMENT_CLOSING);
      // i18n-exempt: a refusal of a malformed call from our own worker, an error for developers, never shown.
      if (!(ENGINE_METHODS as readonly string[]).includes(method)) throw new Error(`No engine method "${method}".`);
      // A tab's events are not a use: while the person browses, they would keep an idle document open for good.
      const ended = method === 'tabRemoved' || method === 'tabNavigated' ? () => undefined : idle.begin();
      try {
        const engine = await this.start();
        return await (engine[method] as (...args: unknown[]) => unknown).apply(engine, args);
      } finally {
        ended();
      }
    },
    storageChanged: (changes, area) => relay.deliverStorageChange(changes, area),
  };
}
