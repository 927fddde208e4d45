/**
 * The worker's side of Chrome's offscreen engine (issue 27): makes the API calls the engine in the offscreen document
 * cannot make (relayed-calls.ts) and runs the engine's dependencies that stay here (the settings in force and the
 * network guard), for that document only. Messages come in @webext-core/messaging's envelope from
 * `engineRelayMessaging` (lib/messaging/protocol.ts) and are answered in it (`{ res }` or `{ err }`).
 */
import { serializeError } from '@aklinker1/zero-serialize-error';

import type { EngineRelayProtocol } from '../../messaging/protocol';
import { isOwnContextAt, type SenderInfo } from '../../messaging/sender-policy';
import type { NetworkPolicy } from '../../net/network-policy';
import { isEnvelope } from '../authorized-handler';
import type { EngineDeps } from '../engine';
import type { Listenable, MessageListener } from '../worker-events';
import {
  INJECTED_FILES,
  INJECTED_FUNCTIONS,
  type InjectedFunctionName,
  isRelayedCall,
  isRelayedDep,
  type RelayedDep,
} from './relayed-calls';

/** The offscreen document's address and our id: the only sender served. */
export interface OffscreenSender {
  id: string;
  /** `runtime.getURL('/offscreen.html')`. */
  documentUrl: string;
}

type Call = Parameters<EngineRelayProtocol['engineRelayCall']>[0];

/** `scripting.executeScript`'s details with the function named by the document put back, or a refusal. */
function injection(details: unknown, funcName: string | undefined): unknown {
  const asked = (details ?? {}) as { func?: unknown; files?: unknown };
  if (funcName !== undefined) {
    // i18n-exempt: a refusal of a malformed relay call, an error for developers, never shown in our interface.
    if (!Object.hasOwn(INJECTED_FUNCTIONS, funcName)) throw new Error(`No injectable function "${funcName}".`);
    // The worker's own rule, not only Chrome's ("exactly one of func and files"): no file rides along a function.
    // i18n-exempt: a refusal of a malformed relay call, an error for developers, never shown in our interface.
    if (asked.files !== undefined) throw new Error('executeScript is relayed with a function or with files, not both.');
    return { ...asked, func: INJECTED_FUNCTIONS[funcName as InjectedFunctionName] };
  }
  const files = Array.isArray(asked.files) ? (asked.files as unknown[]) : [];
  if (asked.func !== undefined || files.length === 0 || !files.every((file) => INJECTED_FILES.includes(file as string)))
    // i18n-exempt: a refusal of a malformed relay call, an error for developers, never shown in our interface.
    throw new Error('executeScript is relayed only for our own files and named functions.');
  return asked;
}

/** Makes one allowed API call on `api` (the worker's `browser`). */
export async function makeRelayedCall(api: unknown, call: Call): Promise<unknown> {
  // i18n-exempt: a refusal of a relay call outside the allow-list, an error for developers, never shown.
  if (!isRelayedCall(call.path)) throw new Error(`The worker does not make "${String(call.path)}" for the engine.`);
  const names = call.path.split('.');
  const method = names.pop()!;
  let owner = api as Record<string, unknown> | undefined;
  for (const name of names) owner = owner?.[name] as Record<string, unknown> | undefined;
  const fn = owner?.[method];
  // i18n-exempt: an API this browser lacks, an error for developers (the engine handles a failed call).
  if (typeof fn !== 'function') throw new Error(`This browser has no ${call.path}.`);
  const args = [...call.args];
  if (call.path === 'scripting.executeScript') args[0] = injection(args[0], call.funcName);
  return (fn as (...args: unknown[]) => unknown).apply(owner, args);
}

/** What the worker runs for the document: the engine's dependencies, and the document's close once it is idle. */
export interface WorkerServices extends EngineDeps {
  /** Closes the document unless a call of the worker's is on its way to it (offscreen-engine-loader.ts). */
  closeIfIdle(): Promise<void>;
}

function runDep(deps: WorkerServices, name: RelayedDep, args: unknown[]): Promise<unknown> {
  if (name === 'closeEngineDocument') return deps.closeIfIdle();
  if (name === 'applyGuard') return deps.applyGuard();
  if (name === 'applyPolicy') return deps.guard.apply(args[0] as NetworkPolicy);
  return deps.loadSettings();
}

/**
 * Serves the offscreen document's relay messages on `onMessage` (the doorway's relay in Chrome). Messages of other
 * types, and relay messages from any other sender, are left to other listeners (a refused sender gets no answer from
 * here; the router's own listener does not know these types either, so the sender's call fails).
 */
export function serveOffscreenEngine(
  onMessage: Listenable<MessageListener>,
  own: OffscreenSender,
  deps: WorkerServices,
  api: unknown,
): void {
  onMessage.addListener((message, sender, sendResponse) => {
    if (!isEnvelope(message) || (message.type !== 'engineRelayCall' && message.type !== 'engineRelayDep')) return false;
    if (!isOwnContextAt(sender as SenderInfo, own.id, own.documentUrl)) {
      console.warn(`[factlight] refused "${message.type}" from a sender other than our offscreen document`);
      return false;
    }
    const answer = async (): Promise<unknown> => {
      if (message.type === 'engineRelayCall') return makeRelayedCall(api, message.data as Call);
      const { name, args } = (message.data ?? {}) as { name?: unknown; args?: unknown };
      // i18n-exempt: a refusal of a relay call outside the allow-list, an error for developers, never shown.
      if (!isRelayedDep(name)) throw new Error(`The worker has no "${String(name)}" for the engine.`);
      return runDep(deps, name, Array.isArray(args) ? args : []);
    };
    void answer().then(
      (res) => sendResponse({ res }),
      (error: unknown) => sendResponse({ err: serializeError(error) }),
    );
    return true;
  });
}
