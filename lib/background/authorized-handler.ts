import { backgroundMessaging, COMMAND_AUDIENCE, type BackgroundCommand, type BackgroundProtocol } from '../messaging/protocol';
import { classifySender, isAllowed, type SenderInfo } from '../messaging/sender-policy';
import type { GetDataType, GetReturnType } from '@webext-core/messaging';

export interface OwnExtension {
  id: string;
  /** `runtime.getURL('/')`. */
  baseUrl: string;
}

type Handler<C extends BackgroundCommand> = (
  data: GetDataType<BackgroundProtocol[C]>,
) => Promise<GetReturnType<BackgroundProtocol[C]>> | GetReturnType<BackgroundProtocol[C]>;

/**
 * Registers the background's handler for one command, refusing senders outside the command's audience
 * before the handler runs. A refused sender gets an error and nothing else.
 */
export function handleCommand<C extends BackgroundCommand>(own: OwnExtension, command: C, handler: Handler<C>): void {
  backgroundMessaging.onMessage(command, (message) => {
    const sender = message.sender as SenderInfo;
    const kind = classifySender(sender, own.id, own.baseUrl);
    if (!isAllowed(kind, COMMAND_AUDIENCE[command])) {
      throw new Error(`Refused "${command}" from ${kind === 'foreign' ? 'an unknown sender' : `a ${kind}`}.`);
    }
    return handler(message.data as GetDataType<BackgroundProtocol[C]>);
  });
}
