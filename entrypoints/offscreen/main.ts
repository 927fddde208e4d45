/**
 * Chrome's offscreen document: it runs the engine (lib/background/engine.ts: the database, the pipeline, the SDKs, the
 * page reader on the browser's own DOMParser), so a wake of the stopped worker is not sent the engine's code
 * (issue 27; lib/background/offscreen-engine/). It answers only our own worker: page text, evidence and model output
 * are untrusted, and a content script could otherwise drive the engine or use the document as a parser.
 */
import { browser } from 'wxt/browser';

import { startEngine } from '../../lib/background/engine';
import { ENGINE_IDLE_MS } from '../../lib/background/engine-idle';
import { hostEngine } from '../../lib/background/offscreen-engine/engine-host';
import { ENGINE_PORT } from '../../lib/background/offscreen-engine/engine-port';
import { engineRelayMessaging, offscreenMessaging } from '../../lib/messaging/protocol';
import { isOwnContextAt } from '../../lib/messaging/sender-policy';

const workerUrl = browser.runtime.getURL('/background.js');
// To the worker that opened this document (worker-side.ts accepts it): the document closes when that worker stops.
const workerPort = browser.runtime.connect({ name: ENGINE_PORT });

const host = hostEngine({
  apis: [
    (globalThis as unknown as { chrome: Record<string, unknown> }).chrome,
    browser as unknown as Record<string, unknown>,
  ],
  startEngine,
  call: (path, args, funcName) =>
    engineRelayMessaging.sendMessage('engineRelayCall', { path, args, ...(funcName ? { funcName } : {}) }),
  dep: (name, args) => engineRelayMessaging.sendMessage('engineRelayDep', { name, args }),
  uiLanguage: navigator.language,
  idleMs: ENGINE_IDLE_MS,
  worker: {
    activity: (active) => workerPort.postMessage({ active }),
    onGone: (listener) => workerPort.onDisconnect.addListener(listener),
  },
  closeSelf: () => window.close(),
});

/** Refuses a message from anything but our worker (a refusal for developers, never shown in our interface). */
function fromWorker(sender: unknown, type: string): void {
  if (!isOwnContextAt(sender as Parameters<typeof isOwnContextAt>[0], browser.runtime.id, workerUrl))
    // i18n-exempt: a refusal to a foreign sender, an error for developers, never shown in our interface.
    throw new Error(`Refused "${type}" from a sender other than the service worker.`);
}

offscreenMessaging.onMessage('engineCall', (message) => {
  fromWorker(message.sender, 'engineCall');
  return host.call(message.data.method, message.data.args);
});

offscreenMessaging.onMessage('engineEvent', (message) => {
  fromWorker(message.sender, 'engineEvent');
  const [changes, area] = message.data.args as [Record<string, unknown>, string];
  host.storageChanged(changes, area);
});

// The worker opens this document when it first needs the engine: start it now, while that command is on its way.
host.start().catch((error: unknown) => console.warn('[factlight] the engine did not start', error));
