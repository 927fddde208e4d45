/**
 * Where router.js leaves its start function, for the doorway (entrypoints/background.ts) to find once the script has
 * run. Its own module, so the doorway does not import the router's code.
 */
import type { WorkerEvents } from './worker-events';

export const ROUTER_GLOBAL = '__factlightStartRouter';
/** The router's script in the built extension (entrypoints/router.ts). */
export const ROUTER_SCRIPT = '/router.js';

export type StartRouter = (events: WorkerEvents) => void;
