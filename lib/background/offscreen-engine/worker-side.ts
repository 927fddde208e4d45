/**
 * Chrome's worker side of the offscreen engine (issue 27), wired for the router: the loader whose engine calls go to
 * the offscreen document, the relay that serves that document, and the storage changes the engine listens to, passed
 * on to it (the document has no storage API to hear them).
 */
import { browser } from 'wxt/browser';

import { offscreenMessaging } from '../../messaging/protocol';
import type { SenderInfo } from '../../messaging/sender-policy';
import type { EngineDeps } from '../engine';
import type { EngineLoader } from '../engine-loader';
import {
  closeOffscreenDocument,
  ensureOffscreenDocument,
  OFFSCREEN_PATH,
  offscreenDocumentGone,
} from '../offscreen-document';
import type { WorkerEvents } from '../worker-events';
import { ENGINE_PORT } from './engine-port';
import { offscreenEngineLoader } from './offscreen-engine-loader';
import { isOwnOffscreenDocument, type OffscreenSender, serveOffscreenEngine } from './relay-server';

/** The storage changes the engine follows: the organisation's policy and the interface language. */
export function concernsEngine(changes: Record<string, unknown>, area: string): boolean {
  return area === 'managed' || (area === 'local' && 'interfaceLanguage' in changes);
}

/** A runtime port as the worker receives it. */
export interface IncomingPort {
  name: string;
  sender?: unknown;
  disconnect(): void;
}

/**
 * The document's port (engine-port.ts): kept when it comes from our own document; its pings need no answer (receiving
 * them keeps this worker awake), and its end when this worker stops is what closes the document. The same name from
 * any other sender is cut at once. Other ports are not ours to judge.
 */
export function acceptEnginePort(port: IncomingPort, own: OffscreenSender): void {
  if (port.name !== ENGINE_PORT) return;
  if (!isOwnOffscreenDocument(port.sender as SenderInfo, own)) port.disconnect();
}

export function offscreenEngine(events: WorkerEvents, deps: EngineDeps): EngineLoader {
  const isOpen = () => browser.offscreen.hasDocument();
  const loader = offscreenEngineLoader({
    open: ensureOffscreenDocument,
    gone: offscreenDocumentGone,
    isOpen,
    send: (method, args) => offscreenMessaging.sendMessage('engineCall', { method, args }),
    close: closeOffscreenDocument,
  });
  const own = { id: browser.runtime.id, documentUrl: browser.runtime.getURL(OFFSCREEN_PATH) };
  browser.runtime.onConnect.addListener((port) => acceptEnginePort(port, own));
  serveOffscreenEngine(events.runtime.onMessage, own, { ...deps, closeIfIdle: loader.closeIfIdle }, browser);
  events.storage.onChanged.addListener((changes, area) => {
    if (!concernsEngine(changes, area)) return;
    void isOpen()
      .then(async (open) => {
        if (open)
          await offscreenMessaging.sendMessage('engineEvent', { event: 'storage.onChanged', args: [changes, area] });
      })
      .catch((error: unknown) => console.warn('[factlight] the engine not told of a storage change', error));
  });
  return loader;
}
