/**
 * Where intake.js leaves its start function, for the doorway (lib/background/doorway.ts) to find once the
 * script has run. Its own module, so the doorway does not import the intake's code.
 */
import type { Listenable, MessageListener } from './worker-events';

export const INTAKE_GLOBAL = '__factlightStartIntake';
/**
 * The intake's script in the built extension (entrypoints/intake.ts). Its name matters (seen in Chromium 156,
 * BENCHMARKS.md "Cold start"): a waking worker is sent the scripts it imported at install one after the other in the
 * order of their addresses, and one that sorts before engine.js arrives while the wake's first message is being
 * answered and delays it (~15 ms, which broke the 2× target); after engine.js it arrives once the engine's bytes
 * have, which the check it takes in waits for (~50 ms) but a status does not.
 */
export const INTAKE_SCRIPT = '/intake.js';

/** Starts the intake: it answers `startCheck` on the messages it is given (the doorway relays them). */
export type StartIntake = (onMessage: Listenable<MessageListener>) => void;
