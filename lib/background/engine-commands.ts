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
  'pagePlaced',
  'testModelConnection',
  'testSearchConnection',
] as const satisfies readonly BackgroundCommand[];

export type EngineCommand = (typeof ENGINE_COMMANDS)[number];

interface EngineDispatch {
  dispatch(command: EngineCommand, data: unknown, origin: CommandOrigin): Promise<unknown>;
}

/** The resumes: a side panel sends them each time it opens, and its stall watchdog when a check stops moving. */
const RESUMES = new Set<EngineCommand>(['resumeChecks', 'resumeRatings']);

/**
 * Registers each engine command on the worker's router; its handler loads the engine and hands the command on
 * (`engine` may settle later: the worker's loader words a broken install in the chosen language first).
 * `idle` answers whether no run can be waiting (the engine is not loaded in this life of the worker and the
 * database holds no running check or rating: waiting-runs.ts): a resume then answers that it resumed nothing,
 * without loading the engine for a panel opened after a pause.
 */
export function forwardToEngine(
  router: CommandRouter,
  engine: () => EngineDispatch | Promise<EngineDispatch>,
  idle: () => Promise<boolean> = async () => false,
): void {
  for (const command of ENGINE_COMMANDS) {
    router.handle(command, async (data, origin) => {
      if (RESUMES.has(command) && (await idle())) return { resumed: 0 } as never;
      return (await engine()).dispatch(command, data, origin) as never;
    });
  }
}
