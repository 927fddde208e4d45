/**
 * The engine's commands (engine.ts), kept in a table rather than registered as messaging listeners: the worker's
 * router owns the listeners (they must exist before the message that wakes the worker) and, once the sender and
 * the data are checked, hands each engine command to {@link CommandTable.dispatch}.
 */
import { t } from '../i18n/i18n';
import type { BackgroundCommand } from '../messaging/protocol';
import type { CommandHandler, CommandOrigin, CommandRouter } from './authorized-handler';

export interface CommandTable extends CommandRouter {
  /** Runs the handler of `command` with data already checked by the router. */
  dispatch(command: BackgroundCommand, data: unknown, origin: CommandOrigin): Promise<unknown>;
  /** The commands that have a handler. */
  commands(): BackgroundCommand[];
}

type AnyHandler = (data: unknown, origin: CommandOrigin) => unknown;

export function createCommandTable(): CommandTable {
  const handlers = new Map<BackgroundCommand, AnyHandler>();
  return {
    handle<C extends BackgroundCommand>(command: C, handler: CommandHandler<C>): void {
      if (handlers.has(command)) throw new Error(t('bgCommandHandledTwice', { command }));
      handlers.set(command, handler as AnyHandler);
    },
    async dispatch(command, data, origin) {
      const handler = handlers.get(command);
      if (!handler) throw new Error(t('bgCommandUnhandled', { command }));
      return handler(data, origin);
    },
    commands: () => [...handlers.keys()],
  };
}
