/**
 * The browser events the worker's router listens to, as one object it is given (issue 27).
 *
 * Chrome's worker wakes with a small doorway script (entrypoints/background.ts) that owns the real listeners (they
 * must be registered while the worker's first script runs) and loads the router (router.js) only when an event
 * needs it. A listener the router adds to a real event while that event is being dispatched would miss it, so in
 * Chrome the router listens to a relay: the doorway hands each event on to the listeners the router added to it.
 * Firefox's background page runs every script at once and the router listens to the browser's own events. The
 * shape is a structural part of `browser`, so the real object fits it.
 */
import type { browser } from 'wxt/browser';

type Api = typeof browser;

/** An event the router can listen to: the one method it uses. */
export interface Listenable<Listener> {
  addListener(listener: Listener): void;
}

type ListenerOf<E> = E extends { addListener(listener: infer L): void } ? L : never;

export type MessageListener = ListenerOf<Api['runtime']['onMessage']>;

/**
 * A stored change to the organisation's policy or the interface language: the ones the router (the guard, the history
 * it keeps, the menus' words) and Chrome's engine document follow; other changes are the pages' and the engine's own.
 */
export function isPolicyOrLanguageChange(changes: Record<string, unknown>, area: string): boolean {
  return area === 'managed' || (area === 'local' && 'interfaceLanguage' in changes);
}

export interface WorkerEvents {
  runtime: {
    onMessage: Listenable<MessageListener>;
    onStartup: Listenable<ListenerOf<Api['runtime']['onStartup']>>;
    onInstalled: Listenable<ListenerOf<Api['runtime']['onInstalled']>>;
  };
  alarms?: { onAlarm: Listenable<ListenerOf<Api['alarms']['onAlarm']>> };
  tabs: {
    onRemoved: Listenable<ListenerOf<Api['tabs']['onRemoved']>>;
    onUpdated: Listenable<ListenerOf<Api['tabs']['onUpdated']>>;
  };
  contextMenus: { onClicked: Listenable<ListenerOf<Api['contextMenus']['onClicked']>> };
  commands?: { onCommand: Listenable<ListenerOf<Api['commands']['onCommand']>> };
  storage: { onChanged: Listenable<ListenerOf<Api['storage']['onChanged']>> };
}

/** One relayed event: the router's listeners, called in the order they were added. */
export interface RelayedEvent<Listener extends (...args: never[]) => unknown> extends Listenable<Listener> {
  /** Calls every listener with `args`; answers what each returned (an onMessage listener's `true` keeps the reply). */
  dispatch(...args: Parameters<Listener>): unknown[];
}

export function relayedEvent<Listener extends (...args: never[]) => unknown>(): RelayedEvent<Listener> {
  const listeners: Listener[] = [];
  return {
    addListener: (listener) => void listeners.push(listener),
    dispatch: (...args) =>
      listeners.map((listener) => {
        try {
          return listener(...args);
        } catch (error) {
          // One failing listener must not keep the event from the others, as with the browser's own events.
          console.error('[factlight] event listener failed', error);
          return undefined;
        }
      }),
  };
}

/** The relay the doorway dispatches to and the router listens to. */
export interface WorkerEventRelay {
  runtime: {
    onMessage: RelayedEvent<MessageListener>;
    onStartup: RelayedEvent<ListenerOf<Api['runtime']['onStartup']>>;
    onInstalled: RelayedEvent<ListenerOf<Api['runtime']['onInstalled']>>;
  };
  alarms: { onAlarm: RelayedEvent<ListenerOf<Api['alarms']['onAlarm']>> };
  tabs: {
    onRemoved: RelayedEvent<ListenerOf<Api['tabs']['onRemoved']>>;
    onUpdated: RelayedEvent<ListenerOf<Api['tabs']['onUpdated']>>;
  };
  contextMenus: { onClicked: RelayedEvent<ListenerOf<Api['contextMenus']['onClicked']>> };
  commands: { onCommand: RelayedEvent<ListenerOf<Api['commands']['onCommand']>> };
  storage: { onChanged: RelayedEvent<ListenerOf<Api['storage']['onChanged']>> };
}

export function createWorkerEventRelay(): WorkerEventRelay {
  return {
    runtime: { onMessage: relayedEvent(), onStartup: relayedEvent(), onInstalled: relayedEvent() },
    alarms: { onAlarm: relayedEvent() },
    tabs: { onRemoved: relayedEvent(), onUpdated: relayedEvent() },
    contextMenus: { onClicked: relayedEvent() },
    commands: { onCommand: relayedEvent() },
    storage: { onChanged: relayedEvent() },
  };
}
