/**
 * The commands the engine answers (engine.ts): those that need the database, the pipeline or the model SDK.
 * The worker's router forwards them and answers every other command itself, without loading the engine, so a
 * wake for the panel's status, a page's capture settings or the catalogue stays cheap (issue 27).
 */
import type { BackgroundCommand } from '../messaging/protocol';
import type { CommandOrigin, CommandRouter } from './authorized-handler';

export const ENGINE_COMMANDS = [
  'startCheck',
  'recheck',
  'judgeCheck',
  'cancelCheck',
  'deleteChecks',
  'resumeChecks',
  'importChecks',
  'rateExplanation',
  'resumeRatings',
  'readPageSelection',
  'testModelConnection',
  'testSearchConnection',
] as const satisfies readonly BackgroundCommand[];

export type EngineCommand = (typeof ENGINE_COMMANDS)[number];

/** Registers each engine command on the worker's router; its handler loads the engine and hands the command on. */
export function forwardToEngine(
  router: CommandRouter,
  engine: () => { dispatch(command: EngineCommand, data: unknown, origin: CommandOrigin): Promise<unknown> },
): void {
  for (const command of ENGINE_COMMANDS) {
    router.handle(command, (data, origin) => engine().dispatch(command, data, origin) as never);
  }
}
