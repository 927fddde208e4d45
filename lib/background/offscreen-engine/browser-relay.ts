/**
 * The offscreen document's side of Chrome's offscreen engine (issue 27): gives the document's `chrome` object the API
 * namespaces the engine uses (relayed-calls.ts), each call made by the worker through `call`. The engine's modules
 * read `browser` from wxt/browser, which is this same object, so they run unchanged. `i18n` is not relayed: its
 * `getMessage` answers synchronously (browser-catalogue.ts gives it). Storage events come from the worker
 * (`deliverStorageChange`).
 */
import { injectedFunctionName, RELAYED_CALLS } from './relayed-calls';

/** Sends one relayed call to the worker and settles with its answer. */
export type RelayCall = (path: string, args: unknown[], funcName?: string) => Promise<unknown>;

type StorageListener = (changes: Record<string, unknown>, area: string) => void;

/** A browser event whose listeners this document keeps; the worker tells it when the event fires. */
function localEvent<L extends (...args: never[]) => void>() {
  const listeners = new Set<L>();
  return {
    listeners,
    addListener: (listener: L) => void listeners.add(listener),
    removeListener: (listener: L) => void listeners.delete(listener),
    hasListener: (listener: L) => listeners.has(listener),
  };
}

/**
 * A relayed method as the engine's modules call it: promise style, or callback style as @webext-core/messaging calls
 * `tabs.sendMessage` (its callback gets the answer, or nothing when the call failed, as the browser's does). Trailing
 * absent arguments are left out: a message turns them into null, which an API may refuse.
 */
function relayed(call: RelayCall, path: string) {
  return (...args: unknown[]) => {
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as (answer?: unknown) => void) : undefined;
    while (args.length > 0 && args.at(-1) === undefined) args.pop();
    const answer = call(path, args);
    if (!callback) return answer;
    answer.then(callback, () => callback());
    return undefined;
  };
}

export interface BrowserRelay {
  /** Hands a storage change the worker heard to the engine's listeners. */
  deliverStorageChange(changes: Record<string, unknown>, area: string): void;
}

/**
 * Adds the relayed namespaces to each of `targets` (the document's `chrome`, and its `browser` where the browser gives
 * a distinct one, as Chromium 156 does: wxt/browser reads `browser` first, @webext-core/messaging reads `chrome`),
 * leaving any namespace the browser itself gives there (a later Chrome may give offscreen documents more APIs: those
 * are then used directly).
 */
export function installBrowserRelay(targets: readonly Record<string, unknown>[], call: RelayCall): BrowserRelay {
  const made: Record<string, Record<string, unknown>> = {};
  for (const path of RELAYED_CALLS) {
    const names = path.split('.');
    if (names[0] === 'i18n') continue;
    const method = names.pop()!;
    let owner = (made[names[0]!] ??= {});
    for (const name of names.slice(1)) owner = (owner[name] ??= {}) as Record<string, unknown>;
    owner[method] =
      path === 'scripting.executeScript'
        ? (details: { func?: unknown }, ...rest: unknown[]) => {
            if (details?.func === undefined) return call(path, [details, ...rest]);
            const funcName = injectedFunctionName(details.func);
            // i18n-exempt: a programming error (a function the worker cannot inject), for developers, never shown.
            if (!funcName)
              return Promise.reject(new Error('This function cannot be injected from the offscreen document.'));
            const { func: _func, ...plain } = details;
            return call(path, [plain, ...rest], funcName);
          }
        : relayed(call, path);
  }
  const changed = localEvent<StorageListener>();
  const areaChanged = new Map<string, ReturnType<typeof localEvent<(changes: Record<string, unknown>) => void>>>();
  if (made.storage) {
    made.storage.onChanged = changed;
    for (const area of ['local', 'session', 'managed']) {
      const event = localEvent<(changes: Record<string, unknown>) => void>();
      areaChanged.set(area, event);
      (made.storage[area] as Record<string, unknown>).onChanged = event;
    }
  }
  for (const target of new Set(targets))
    for (const [name, namespace] of Object.entries(made)) if (target[name] === undefined) target[name] = namespace;
  return {
    deliverStorageChange(changes, area) {
      for (const listener of changed.listeners) listener(changes, area);
      for (const listener of areaChanged.get(area)?.listeners ?? []) listener(changes);
    },
  };
}
