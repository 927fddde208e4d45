/**
 * Where check-intake.js leaves its start function, for the doorway (lib/background/doorway.ts) to find once the
 * script has run. Its own module, so the doorway does not import the intake's code.
 */
import type { Listenable, MessageListener } from './worker-events';

export const INTAKE_GLOBAL = '__factlightStartIntake';
/**
 * The intake's script in the built extension (entrypoints/check-intake.ts). Its name matters: a waking worker is
 * sent the scripts it imported at install in the order of their addresses (seen in Chromium 156, BENCHMARKS.md), so
 * one that sorts before engine.js arrives without waiting for the engine's megabytes.
 */
export const INTAKE_SCRIPT = '/check-intake.js';

/** Starts the intake: it answers `startCheck` on the messages it is given (the doorway relays them). */
export type StartIntake = (onMessage: Listenable<MessageListener>) => void;
