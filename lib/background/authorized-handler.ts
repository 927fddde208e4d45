import { serializeError } from '@aklinker1/zero-serialize-error';
import type { GetDataType, GetReturnType } from '@webext-core/messaging';
import { browser } from 'wxt/browser';

import { validateCommand } from '../messaging/command-schemas';
import { type BackgroundCommand, type BackgroundProtocol, COMMAND_AUDIENCE } from '../messaging/protocol';
import {
  classifySender,
  type CommandOrigin,
  commandOrigin,
  isAllowed,
  type SenderInfo,
} from '../messaging/sender-policy';
import type { Listenable, MessageListener } from './worker-events';

export type { CommandOrigin };

export interface OwnExtension {
  id: string;
  /** `runtime.getURL('/')`. */
  baseUrl: string;
}

export type CommandHandler<C extends BackgroundCommand> = (
  data: GetDataType<BackgroundProtocol[C]>,
  origin: CommandOrigin,
) => Promise<GetReturnType<BackgroundProtocol[C]>> | GetReturnType<BackgroundProtocol[C]>;

/** A command as @webext-core/messaging's `sendMessage` wraps it (the pages' `sendToBackground`). */
export interface CommandEnvelope {
  type: string;
  data?: unknown;
  timestamp: number;
}

export function isEnvelope(message: unknown): message is CommandEnvelope {
  const candidate = message as Partial<CommandEnvelope> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.type === 'string' &&
    typeof candidate.timestamp === 'number'
  );
}

/**
 * Runs `handler` for one delivered command, refusing senders outside the command's audience before the handler
 * runs, and then data that does not fit the command's schema (command-schemas.ts). A refused message gets an error
 * and nothing else.
 */
function runCommand<C extends BackgroundCommand>(
  own: OwnExtension,
  command: C,
  handler: CommandHandler<C>,
  data: unknown,
  sender: SenderInfo & { frameId?: number },
): Promise<unknown> | unknown {
  const kind = classifySender(sender, own.id, own.baseUrl);
  if (!isAllowed(kind, COMMAND_AUDIENCE[command])) {
    // i18n-exempt: a refusal to a foreign sender, an error for developers, never shown in our interface.
    throw new Error(`Refused "${command}" from ${kind === 'foreign' ? 'an unknown sender' : `a ${kind}`}.`);
  }
  const origin = commandOrigin(sender, kind);
  // Checked only once the sender is known to be ours: a stranger learns nothing about the schemas.
  return handler(validateCommand(command, data) as GetDataType<BackgroundProtocol[C]>, origin);
}

/**
 * Where a module's command handlers go: straight onto the messaging (the worker's router, {@link commandRouter})
 * or into the engine's table (command-table.ts), which the router calls once the engine is loaded.
 */
export interface CommandRouter {
  handle<C extends BackgroundCommand>(command: C, handler: CommandHandler<C>): void;
}

/**
 * The worker's commands, answered in @webext-core/messaging's envelope (`{ res }`, or `{ err }` as its
 * `serializeError` writes it, which the sender's `sendMessage` throws again), each behind the sender and schema
 * checks of {@link runCommand}. One listener on `onMessage` for all of them: the browser's event, or in Chrome the
 * doorway's relay (worker-events.ts), which hands the router the message that woke the worker. A message for no
 * command here is left to other listeners, as @webext-core/messaging leaves it.
 */
export function commandRouter(
  own: OwnExtension,
  onMessage: Listenable<MessageListener> = browser.runtime.onMessage,
): CommandRouter {
  const handlers = new Map<string, (data: unknown, sender: SenderInfo) => unknown>();
  onMessage.addListener((message, sender, sendResponse) => {
    if (!isEnvelope(message)) return false;
    const handler = handlers.get(message.type);
    if (!handler) return false;
    void (async () => handler(message.data, sender as SenderInfo))().then(
      (res) => sendResponse({ res }),
      (error: unknown) => sendResponse({ err: serializeError(error) }),
    );
    return true;
  });
  return {
    handle(command, handler) {
      // i18n-exempt: a programming error at start-up, for developers, never shown in our interface.
      if (handlers.has(command)) throw new Error(`"${command}" has two handlers.`);
      handlers.set(command, (data, sender) => runCommand(own, command, handler, data, sender));
    },
  };
}
