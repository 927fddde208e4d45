/**
 * Where command-router.js leaves its start function, for the doorway (entrypoints/background.ts) to find once the
 * script has run. Its own module, so the doorway does not import the router's code.
 */
import type { WorkerEvents } from './worker-events';

export const ROUTER_GLOBAL = '__factlightStartRouter';
/**
 * The router's script in the built extension (entrypoints/command-router.ts). Its name sorts before engine.js on
 * purpose: a waking worker is sent the scripts it cached at install in the order of their addresses (seen in
 * Chromium 156, BENCHMARKS.md "Cold start"), so a command only the router answers does not wait for the engine's
 * bytes to arrive first.
 */
export const ROUTER_SCRIPT = '/command-router.js';

export type StartRouter = (events: WorkerEvents) => void;
