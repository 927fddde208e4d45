/**
 * Chrome's engine loader (issue 27): the engine runs in the offscreen document (engine-host.ts), opened on need and
 * closed once idle, so the worker's script cache holds no engine code and a wake is not sent it. `get` gives an
 * engine whose calls are messages to that document. The document asks to be closed when it has been idle;
 * `closeIfIdle` does so only when no call of this worker is on its way to it (the document could not know of it
 * yet).
 */
import type { EngineMethod } from '../../messaging/protocol';
import type { Engine } from '../engine';
import type { EngineLoader } from '../engine-loader';
import { DOCUMENT_CLOSING } from './engine-port';

/** What the loader needs of the browser (a test gives its own). */
export interface OffscreenEngineChannel {
  /** Resolves once the document exists (opened if need be). */
  open(): Promise<void>;
  /** Forgets an opening: the document was found gone. */
  gone(): void;
  send(method: EngineMethod, args: unknown[]): Promise<unknown>;
  /** Closes the document (the next `open` opens a new one, once the close is done). */
  close(): Promise<void>;
}

/** The loader, and the close the document asks for when it is idle. */
export interface OffscreenEngineLoader extends EngineLoader {
  closeIfIdle(): Promise<void>;
  /** The document has gone (its port ended): `loaded` is false until a call opens one again. */
  documentGone(): void;
}

/**
 * Chrome's words when a message finds no document to answer it (closed, or still loading); with the document's own when
 * it refused a call because it is closing (`DOCUMENT_CLOSING`), the call did not run, so it is sent again to a new
 * document. Not "message channel closed": a document that took the call and closed before answering may have run part
 * of it.
 */
const NO_RECEIVER = /Receiving end does not exist|message port closed/i;

export function offscreenEngineLoader(channel: OffscreenEngineChannel): OffscreenEngineLoader {
  let used = false;
  /** Calls of this worker's not answered yet. */
  let inFlight = 0;
  /** One call, in a document opened first, and opened again once if it was found gone. */
  const call = async (method: EngineMethod, args: unknown[]): Promise<unknown> => {
    used = true;
    inFlight++;
    try {
      await channel.open();
      try {
        return await channel.send(method, args);
      } catch (error) {
        const closing = String(error).includes(DOCUMENT_CLOSING);
        if (!closing && !NO_RECEIVER.test(String(error))) throw error;
        // A document closing (its worker stopped) may still be listed as open: closed here first, it is not reused.
        if (closing) await channel.close();
        channel.gone();
        await channel.open();
        return await channel.send(method, args);
      }
    } finally {
      inFlight--;
    }
  };
  /** For calls nobody awaits: a failure is only logged (the next command or the resume alarm tries again). */
  const fire = (method: EngineMethod, args: unknown[]) =>
    void call(method, args).catch((error: unknown) => console.warn(`[factlight] engine ${method} failed`, error));

  const engine: Engine = {
    dispatch: (command, data, origin) => call('dispatch', [command, data, origin]),
    placeOf: async (checkId) => (await call('placeOf', [checkId])) as Awaited<ReturnType<Engine['placeOf']>>,
    resume: () => fire('resume', []),
    pruneCache: () => fire('pruneCache', []),
    pruneHistory: (browserStarted) => fire('pruneHistory', [browserStarted]),
    // The router sends tab events only while the engine is loaded or runs wait to be resumed (router.ts).
    tabRemoved: (tabId) => fire('tabRemoved', [tabId]),
    tabNavigated: (tabId) => fire('tabNavigated', [tabId]),
  };
  return {
    get: () => engine,
    started: () => Promise.resolve(engine),
    // Whether a document this worker used is open: its page state lives there. Not once it has closed (when idle, or
    // gone), so a panel's resume after a pause is answered without opening one (engine-commands.ts `idle`).
    loaded: () => used,
    // A call on its way keeps the document: once it is answered there, the document's countdown starts again.
    closeIfIdle: async () => {
      if (inFlight > 0) return;
      used = false;
      await channel.close();
    },
    // Not while a call is on its way: it opens (or has opened) the next document.
    documentGone: () => {
      if (inFlight === 0) used = false;
    },
  };
}
