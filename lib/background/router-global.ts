/**
 * Where router.js leaves its start function, for the doorway (entrypoints/background.ts) to find once the
 * script has run. Its own module, so the doorway does not import the router's code.
 */
import type { WorkerEvents } from './worker-events';

export const ROUTER_GLOBAL = '__factlightStartRouter';
/**
 * The router's script in the built extension (entrypoints/router.ts). It sorts after the intake's (intake-global.ts
 * says why; BENCHMARKS.md "Cold start" has the figures).
 */
export const ROUTER_SCRIPT = '/router.js';

/** What the doorway may ask of a started router beyond the events it relays. */
export interface RouterHandle {
  /** Has the engine take up the checks and ratings waiting in the database (a check the intake wrote). */
  resumeRuns(): void;
}

export type StartRouter = (events: WorkerEvents) => RouterHandle;
