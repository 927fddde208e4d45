import type { GetDataType, GetReturnType } from '@webext-core/messaging';

import { validateCommand } from '../messaging/command-schemas';
import {
  type BackgroundCommand,
  backgroundMessaging,
  type BackgroundProtocol,
  COMMAND_AUDIENCE,
} from '../messaging/protocol';
import { classifySender, isAllowed, type SenderInfo } from '../messaging/sender-policy';

export interface OwnExtension {
  id: string;
  /** `runtime.getURL('/')`. */
  baseUrl: string;
}

/** Where an allowed command came from: the tab and frame for a content script. */
export interface CommandOrigin {
  tabId?: number;
  frameId?: number;
  url?: string;
}

export type CommandHandler<C extends BackgroundCommand> = (
  data: GetDataType<BackgroundProtocol[C]>,
  origin: CommandOrigin,
) => Promise<GetReturnType<BackgroundProtocol[C]>> | GetReturnType<BackgroundProtocol[C]>;

/**
 * Registers the background's handler for one command, refusing senders outside the command's audience
 * before the handler runs, and then data that does not fit the command's schema (command-schemas.ts). A
 * refused message gets an error and nothing else.
 */
export function handleCommand<C extends BackgroundCommand>(
  own: OwnExtension,
  command: C,
  handler: CommandHandler<C>,
): void {
  backgroundMessaging.onMessage(command, (message) => {
    const sender = message.sender as SenderInfo;
    const kind = classifySender(sender, own.id, own.baseUrl);
    if (!isAllowed(kind, COMMAND_AUDIENCE[command])) {
      // i18n-exempt: a refusal to a foreign sender, an error for developers, never shown in our interface.
      throw new Error(`Refused "${command}" from ${kind === 'foreign' ? 'an unknown sender' : `a ${kind}`}.`);
    }
    const tab = (message.sender as { tab?: { id?: number } }).tab;
    const origin: CommandOrigin = {
      ...(kind === 'content-script' && tab?.id !== undefined ? { tabId: tab.id } : {}),
      ...(kind === 'content-script' && message.sender.frameId !== undefined ? { frameId: message.sender.frameId } : {}),
      ...(sender.url ? { url: sender.url } : {}),
    };
    // Checked only once the sender is known to be ours: a stranger learns nothing about the schemas.
    const data = validateCommand(command, message.data) as GetDataType<BackgroundProtocol[C]>;
    return handler(data, origin);
  });
}

/**
 * Where a module's command handlers go: straight onto the messaging (the worker's router, {@link commandRouter})
 * or into the engine's table (command-table.ts), which the router calls once the engine is loaded.
 */
export interface CommandRouter {
  handle<C extends BackgroundCommand>(command: C, handler: CommandHandler<C>): void;
}

/** Handlers registered as messaging listeners, each behind the sender and schema checks of {@link handleCommand}. */
export function commandRouter(own: OwnExtension): CommandRouter {
  return { handle: (command, handler) => handleCommand(own, command, handler) };
}
