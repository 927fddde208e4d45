/**
 * The worker's doorway: what Chrome parses and runs when it starts the stopped worker again (issue 27), until a
 * command needs more (or a status it answered makes it parse router.js ahead, without starting it).
 *
 * An MV3 worker is stopped after ~30 s idle and started again by the next event; a person waits for what it parses
 * then. So the worker's own script is this: it registers every listener (they must exist before the event that woke
 * the worker), answers what a side panel asks when it opens after a pause (its status, from the snapshot the router
 * kept, which it checks once it has answered: status-snapshot.ts; its resumes, when the database holds no run:
 * waiting-runs.ts), and for anything else loads the router (router.js: settings, menus, the commands; it has the
 * engine, which runs in Chrome's offscreen document, do the rest: offscreen-engine/) and relays the event to it
 * (worker-events.ts). A new check goes to the check intake first (check-intake.js), which writes it at once. Once
 * loaded, the router gets every other event. Firefox's background page runs router.js before this script: the router
 * starts at once with the browser's own events.
 */
import { serializeError } from '@aklinker1/zero-serialize-error';
import { browser } from 'wxt/browser';

import { openIntakeDatabase } from '../db/intake-write';
import { type Catalogue, isLocale } from '../i18n/catalogue';
import { classifySender, type SenderInfo } from '../messaging/sender-policy';
import { DOORWAY_MARKS, INTAKE_MARKS } from './doorway-marks';
import { cacheAtInstall, type InstallScope } from './install-cache';
import { INTAKE_GLOBAL, INTAKE_SCRIPT, type StartIntake } from './intake-global';
import { RESUME_ALARM } from './keep-alive';
import { ROUTER_GLOBAL, ROUTER_SCRIPT, type RouterHandle, type StartRouter } from './router-global';
import { dropIfStale, keptStatus } from './status-snapshot';
import { runsMayBeWaiting } from './waiting-runs';
import {
  createWorkerEventRelay,
  isPolicyOrLanguageChange,
  type MessageListener,
  type RelayedEvent,
  relayedEvent,
  type WorkerEventRelay,
} from './worker-events';

/**
 * What a broken install (router.js missing) says, in the interface language the person chose: `getMessage`
 * speaks the browser's, and the catalogues that can say it otherwise are the router's. Only this failure path reads
 * the setting and fetches the chosen catalogue (lib/i18n/load-catalogue.ts does the same for pages); the browser's
 * words stand when it follows the browser or anything fails.
 */
async function brokenInstallWords(): Promise<string> {
  const browserWords = browser.i18n.getMessage('bgEngineMissing');
  try {
    const { interfaceLanguage } = await browser.storage.local.get('interfaceLanguage');
    if (!isLocale(interfaceLanguage)) return browserWords;
    const response = await fetch(browser.runtime.getURL(`/_locales/${interfaceLanguage}/messages.json` as '/'));
    const words = ((await response.json()) as Partial<Catalogue>).bgEngineMissing?.message;
    return words || browserWords;
  } catch {
    return browserWords;
  }
}

export interface DoorwayScope extends InstallScope {
  /** The worker's IndexedDB (a test gives its own). */
  indexedDB?: IDBFactory;
  [ROUTER_GLOBAL]?: StartRouter;
  [INTAKE_GLOBAL]?: StartIntake;
}

/** A command in @webext-core/messaging's envelope, as our pages send it. */
interface Envelope {
  type: string;
  data?: unknown;
  timestamp: number;
}

type LightAnswers = Record<string, () => Promise<unknown>>;

/**
 * What the doorway answers itself, only for our own pages and only for commands that carry no data; undefined when
 * it cannot (the router then answers). A panel sends these three each time it opens. `keptStatusRead` is the kept
 * status's read for the first status of this life of the worker (see `openDoorway`), later ones read it again.
 */
function lightAnswers(keptStatusRead: () => Promise<unknown>): LightAnswers {
  return {
    getStatus: keptStatusRead,
    // No run in this life of the worker (the router, which would load the engine, has not started) and none waiting
    // in the database: nothing to resume, as the router would answer without loading the engine.
    resumeChecks: async () => ((await runsMayBeWaiting()) ? undefined : { resumed: 0 }),
    resumeRatings: async () => ((await runsMayBeWaiting()) ? undefined : { resumed: 0 }),
  };
}

function lightAnswer(answers: LightAnswers, message: unknown, sender: SenderInfo): Promise<unknown> | undefined {
  const envelope = message as Partial<Envelope> | null;
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.type !== 'string') return undefined;
  if (typeof envelope.timestamp !== 'number' || envelope.data !== undefined) return undefined;
  const answer = Object.hasOwn(answers, envelope.type) ? answers[envelope.type] : undefined;
  if (!answer || classifySender(sender, browser.runtime.id, browser.runtime.getURL('/')) !== 'extension-page')
    return undefined;
  return answer().catch((error: unknown) => {
    // The router then answers, and says what is wrong if it is wrong there too.
    console.warn(`[factlight] ${envelope.type} not answered at the door`, error);
    return undefined;
  });
}

export function openDoorway(scope: DoorwayScope = globalThis as DoorwayScope): void {
  if (typeof scope.importScripts !== 'function') {
    // Firefox's background page: router.js ran before this script.
    const start = scope[ROUTER_GLOBAL];
    // i18n-exempt: a broken build, for developers; there is no page to show it in.
    if (!start) throw new Error('router.js did not run before background.js');
    start(browser);
    return;
  }
  // On the worker's own clock, for the cold-start bench (scripts/bench/cold-start-bench.ts): when the doorway began
  // and when its listeners were in place. A mark costs microseconds.
  performance.mark(DOORWAY_MARKS.opening);
  // Read now, while the browser finishes starting the worker and sends it the event that woke it: that is most often
  // a side panel's status after a pause, which is then answered without waiting for this read (issue 27). Nothing can
  // change the kept status before that first status is answered: only the router keeps one, and it has not started;
  // the check after the answer (`dropIfStale`) is what may drop it, and a later status reads it again. Every wake
  // pays this one read of storage.session (an alarm's, a tab event's too): a fraction of a millisecond, off their path.
  const version = browser.runtime.getManifest().version;
  let earlyStatusRead: Promise<unknown> | undefined = keptStatus(version);
  // Its failure is said by the status that takes it (lightAnswer); a life with no status leaves it unread.
  void earlyStatusRead.catch(() => undefined);
  const answers = lightAnswers(() => {
    const read = earlyStatusRead ?? keptStatus(version);
    earlyStatusRead = undefined;
    return read;
  });
  const importScripts = scope.importScripts.bind(scope);
  cacheAtInstall([INTAKE_SCRIPT, ROUTER_SCRIPT], scope);

  let relay: WorkerEventRelay | undefined;
  let handle: RouterHandle | undefined;
  /** The router, started on first need; its listeners are the relay's. Throws when its script cannot be loaded. */
  const router = (): WorkerEventRelay => {
    if (relay) return relay;
    if (!scope[ROUTER_GLOBAL]) importScripts(ROUTER_SCRIPT);
    const start = scope[ROUTER_GLOBAL];
    if (!start) throw new Error(browser.i18n.getMessage('bgEngineMissing'));
    const events = createWorkerEventRelay();
    handle = start(events);
    relay = events;
    return relay;
  };
  const started = () => relay !== undefined;

  let intake: RelayedEvent<MessageListener> | undefined;
  /**
   * The check intake (check-intake.ts), started on first need; undefined when its script cannot be loaded (the
   * router then takes the check, and says what is wrong if it is wrong there too).
   */
  const checkIntake = (): RelayedEvent<MessageListener> | undefined => {
    if (intake) return intake;
    performance.mark(INTAKE_MARKS.message);
    // Begun before the import, which blocks this thread for a few milliseconds: the open (the first in this life of
    // the worker) goes on meanwhile, instead of after it (issue 27).
    const factory = scope.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    const database = factory ? openIntakeDatabase(factory) : undefined;
    const unused = () => void database?.then((db) => db?.close());
    try {
      if (!scope[INTAKE_GLOBAL]) importScripts(INTAKE_SCRIPT);
    } catch (error) {
      console.warn('[factlight] check intake not loaded', error);
      unused();
      return undefined;
    }
    performance.mark(INTAKE_MARKS.imported);
    const start = scope[INTAKE_GLOBAL];
    if (!start) {
      unused();
      return undefined;
    }
    const events = relayedEvent<MessageListener>();
    try {
      start(events, database);
    } catch (error) {
      console.warn('[factlight] check intake not started', error);
      unused();
      return undefined;
    }
    intake = events;
    return intake;
  };
  /**
   * Every new check is written by the intake, with its sentences, whether or not the router has started: the person
   * sees it begin without waiting for the router or for the engine, which runs in the offscreen document and may have
   * to open it first (issue 27). Once it has answered that the check is written, the router has the engine take it
   * up; the resume alarm the intake set takes it up if the worker is stopped first. True when the intake answers;
   * false leaves the check to the router (the intake is missing, or it does not take this check in).
   */
  const takeInCheck = (...[message, sender, sendResponse]: Parameters<MessageListener>): boolean => {
    if ((message as Partial<Envelope> | null)?.type !== 'startCheck') return false;
    const door = checkIntake();
    if (!door) return false;
    const answered = (answer?: unknown) => {
      // Handed back (the database not ready for it): the router answers, as if the intake had not been there.
      if (answer === undefined) {
        if (!deliver(message, sender, sendResponse)) sendResponse();
        return;
      }
      sendResponse(answer);
      if ((answer as { res?: { ok?: unknown } } | undefined)?.res?.ok !== true) return;
      // After the answer has left: loading the router blocks this thread for a while.
      setTimeout(() => {
        try {
          router();
          handle?.resumeRuns();
        } catch (error) {
          // The resume alarm takes the check up at its next start; a broken install is said by the next command.
          console.warn('[factlight] the engine not started after a check was taken in', error);
        }
      }, 0);
    };
    return door.dispatch(message, sender, answered).some((kept) => kept === true);
  };
  /**
   * Parses router.js without starting it once the door has answered a page's status: a page that asks for it has just
   * opened (the side panel, the options, the welcome page) and its next command most likely needs the router, which
   * is then parsed already (issue 27). Its start function does not run here (only its modules' top level: zod's locale,
   * tables). The engine's document is not opened ahead: a panel opened only to read would keep it open for nothing,
   * and a check does not wait for it (the intake writes it first). A failure is only logged: the command that needs
   * the router loads it again and says what is wrong.
   */
  const warmUp = () => {
    try {
      if (!scope[ROUTER_GLOBAL]) importScripts(ROUTER_SCRIPT);
    } catch (error) {
      console.warn('[factlight] router not parsed ahead', error);
    }
  };
  // Runs interrupted when the worker stopped are taken up at its next start, whatever woke it (the router, once
  // loaded, asks the engine to resume): a wake the door answers alone must not leave them waiting for the alarm.
  void browser.alarms
    ?.get(RESUME_ALARM)
    .then((alarm) => alarm && router())
    .catch((error: unknown) => console.warn('[factlight] resume checks', error));

  /** Hands a message to the router; true when one of its listeners will answer (the channel stays open). */
  const deliver = (
    message: unknown,
    sender: Parameters<Parameters<typeof browser.runtime.onMessage.addListener>[0]>[1],
    sendResponse: (answer?: unknown) => void,
  ): boolean => {
    try {
      return router()
        .runtime.onMessage.dispatch(message, sender, sendResponse)
        .some((kept) => kept === true);
    } catch (error) {
      // In @webext-core/messaging's envelope, which the sender's sendMessage throws again as an Error. Without
      // router.js (a broken install) in the chosen interface language, which takes a moment to read.
      if (scope[ROUTER_GLOBAL]) sendResponse({ err: serializeError(error) });
      else void brokenInstallWords().then((words) => sendResponse({ err: serializeError(new Error(words)) }));
      return true;
    }
  };

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (takeInCheck(message, sender, sendResponse)) return true;
    const light = started() ? undefined : lightAnswer(answers, message, sender as SenderInfo);
    if (!light) return deliver(message, sender, sendResponse);
    void light.then((res) => {
      if (res !== undefined) {
        sendResponse({ res });
        // After the answer has left: the kept status is checked (status-snapshot.ts: its reads are sent now, and it
        // is dropped, if it must be, once router.js is parsed).
        if ((message as Envelope).type === 'getStatus')
          setTimeout(() => {
            dropIfStale(version, scope).catch((error: unknown) =>
              console.warn('[factlight] the kept status not checked after its answer', error),
            );
            warmUp();
          }, 0);
        return;
      }
      // Not answerable at the door: the router answers (no user gesture to keep: these commands open nothing).
      if (!deliver(message, sender, sendResponse)) sendResponse();
    });
    return true;
  });
  // Each event that concerns the router loads it; those that concern only a running engine wait for one.
  browser.runtime.onStartup.addListener(() => void router().runtime.onStartup.dispatch());
  browser.runtime.onInstalled.addListener((details) => void router().runtime.onInstalled.dispatch(details));
  browser.alarms?.onAlarm.addListener((alarm) => void router().alarms.onAlarm.dispatch(alarm));
  // In the user's gesture: the router opens the side panel synchronously.
  browser.contextMenus.onClicked.addListener((info, tab) => void router().contextMenus.onClicked.dispatch(info, tab));
  browser.commands?.onCommand.addListener((command, tab) => void router().commands.onCommand.dispatch(command, tab));
  // A closed tab concerns only an engine that runs: none runs while the router has not started.
  browser.tabs.onRemoved.addListener((tabId, info) => {
    if (started()) void router().tabs.onRemoved.dispatch(tabId, info);
  });
  // A navigation while checks wait to be resumed (the resume alarm exists) loads them (the router's own rule).
  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (started()) return void router().tabs.onUpdated.dispatch(tabId, change, tab);
    if (change.status !== 'loading') return;
    void browser.alarms
      ?.get(RESUME_ALARM)
      .then((alarm) => alarm && router().tabs.onUpdated.dispatch(tabId, change, tab))
      .catch((error: unknown) => console.warn('[factlight] navigation not recorded', error));
  });
  // The organisation's policy (the guard, the history it keeps) and the interface language (the menus' words)
  // concern the router; other stored changes are the pages' and the engine's own.
  browser.storage.onChanged.addListener((changes, area) => {
    if (started() || isPolicyOrLanguageChange(changes, area)) void router().storage.onChanged.dispatch(changes, area);
  });
  performance.mark(DOORWAY_MARKS.listening);
}
