/**
 * Chrome's worker side of the offscreen engine (issue 27), wired for the router: the loader whose engine calls go to
 * the offscreen document, the relay that serves that document, and the storage changes the engine listens to, passed
 * on to it (the document has no storage API to hear them).
 */
import { browser } from 'wxt/browser';

import { offscreenMessaging } from '../../messaging/protocol';
import { isOwnContextAt, type SenderInfo } from '../../messaging/sender-policy';
import type { EngineDeps } from '../engine';
import type { EngineLoader } from '../engine-loader';
import { armResumeAlarm, keepAliveWhile } from '../keep-alive';
import {
  closeOffscreenDocument,
  ensureOffscreenDocument,
  OFFSCREEN_PATH,
  offscreenDocumentGone,
} from '../offscreen-document';
import { runsMayBeWaiting } from '../waiting-runs';
import { isPolicyOrLanguageChange, type WorkerEvents } from '../worker-events';
import { ENGINE_PORT, isEngineActivity } from './engine-port';
import { type OffscreenEngineLoader, offscreenEngineLoader } from './offscreen-engine-loader';
import { type OffscreenSender, serveOffscreenEngine } from './relay-server';

/** A runtime port as the worker receives it. */
export interface IncomingPort {
  name: string;
  sender?: unknown;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** What the worker does with the document's port. */
export interface EnginePortHandlers {
  /** How many checks and ratings the engine runs, each time that changes. */
  activity(active: number): void;
  /** The document has gone (closed, or its renderer gone). */
  gone(): void;
}

/**
 * The document's port (engine-port.ts): kept when it comes from our own document, which says on it how many runs its
 * engine has, and whose end says it has gone (its end when this worker stops is what closes the document). The same
 * name from any other sender is cut at once. Other ports are not ours to judge.
 */
export function acceptEnginePort(port: IncomingPort, own: OffscreenSender, connect: () => EnginePortHandlers): void {
  if (port.name !== ENGINE_PORT) return;
  if (!isOwnContextAt(port.sender as SenderInfo, own.id, own.documentUrl)) return port.disconnect();
  const handlers = connect();
  port.onMessage.addListener((message) => {
    if (isEngineActivity(message)) handlers.activity(message.active);
  });
  port.onDisconnect.addListener(() => handlers.gone());
}

/**
 * The worker's part while a document runs the engine: awake and the resume alarm set while runs go on (keep-alive.ts,
 * as when the worker ran them), counted over the documents' ports (an idle document's port may end after a new
 * document has begun a run: that end must not stop the new one's keep-alive); and, when the last one goes with runs
 * still marked running in the database (it crashed, or the browser closed it), the alarm kept so the next worker
 * takes them up. Each port gets its own handlers (`connection`).
 */
export function documentActivity(loader: Pick<OffscreenEngineLoader, 'documentGone'>) {
  const active = new Map<number, number>();
  let next = 0;
  const total = () => [...active.values()].reduce((sum, count) => sum + count, 0);
  return {
    connection(): EnginePortHandlers {
      const id = next++;
      active.set(id, 0);
      return {
        activity: (count) => {
          if (!active.has(id)) return;
          active.set(id, count);
          keepAliveWhile(total());
        },
        gone: () => {
          const hadRuns = (active.get(id) ?? 0) > 0;
          active.delete(id);
          if (active.size === 0) loader.documentGone();
          if (total() > 0) return keepAliveWhile(total());
          // A document closed when idle changes nothing here: the alarm, if set, is the intake's for a check still to
          // be taken up, and a run this worker could not record must not be resumed at every idle close.
          if (!hadRuns) return;
          keepAliveWhile(0);
          void runsMayBeWaiting()
            .then(async (waiting) => {
              if (waiting) await armResumeAlarm();
            })
            .catch((error: unknown) =>
              console.warn('[factlight] runs of a closed engine document not looked for', error),
            );
        },
      };
    },
  };
}

export function offscreenEngine(events: WorkerEvents, deps: EngineDeps): EngineLoader {
  const isOpen = () => browser.offscreen.hasDocument();
  const loader = offscreenEngineLoader({
    open: ensureOffscreenDocument,
    gone: offscreenDocumentGone,
    send: (method, args) => offscreenMessaging.sendMessage('engineCall', { method, args }),
    close: closeOffscreenDocument,
  });
  const own = { id: browser.runtime.id, documentUrl: browser.runtime.getURL(OFFSCREEN_PATH) };
  const documents = documentActivity(loader);
  browser.runtime.onConnect.addListener((port) => acceptEnginePort(port as IncomingPort, own, documents.connection));
  serveOffscreenEngine(events.runtime.onMessage, own, { ...deps, closeIfIdle: loader.closeIfIdle }, browser);
  events.storage.onChanged.addListener((changes, area) => {
    if (!isPolicyOrLanguageChange(changes, area)) return;
    // Only what the engine reads of it (a runtime message reaches every page of ours): which policy keys changed (it
    // reads the policy again), not their values, which may hold keys; the interface language.
    const passed =
      area === 'managed'
        ? Object.fromEntries(Object.keys(changes).map((key) => [key, {}]))
        : { interfaceLanguage: changes.interfaceLanguage };
    void isOpen()
      .then(async (open) => {
        if (open)
          await offscreenMessaging.sendMessage('engineEvent', { event: 'storage.onChanged', args: [passed, area] });
      })
      .catch((error: unknown) => console.warn('[factlight] the engine not told of a storage change', error));
  });
  return loader;
}
