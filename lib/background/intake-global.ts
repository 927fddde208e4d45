/**
 * Where check-intake.js leaves its start function, for the doorway (lib/background/doorway.ts) to find once the
 * script has run. Its own module, so the doorway does not import the intake's code.
 */
import type { Listenable, MessageListener } from './worker-events';

export const INTAKE_GLOBAL = '__factlightStartIntake';
/**
 * The intake's script in the built extension (entrypoints/check-intake.ts). Its name matters (seen in Chromium 156,
 * BENCHMARKS.md "Cold start"): a waking worker is sent the scripts it imported at install one after the other in the
 * order of their addresses, and an import waits for its script to arrive. Sorted before router.js, the intake arrives
 * first; it is small (no Dexie, no settings: ~20 kB), because every cached byte delays the wake's first message too (a
 * 200 kB script by ~15 ms, which once broke the 2× target).
 */
export const INTAKE_SCRIPT = '/check-intake.js';

/**
 * Starts the intake on the messages it is given (the doorway relays them). For a `startCheck` it takes in, its
 * listener keeps the channel and answers `{ res }`; `sendResponse(undefined)` hands the message back, for the router
 * to answer (the database not ready for it, a write that failed), and a message it does not take is not kept.
 */
export type StartIntake = (
  onMessage: Listenable<MessageListener>,
  /**
   * The database's open (`openIntakeDatabase`, lib/db/intake-write.ts), begun by the doorway before it imported the
   * intake's script: undefined inside when there is none to write into, never rejected. Without it the intake opens
   * the database itself.
   */
  database?: Promise<IDBDatabase | undefined>,
) => void;
