/**
 * The marks the doorway (doorway.ts) leaves on the worker's performance timeline at each start in Chrome, read by the
 * cold-start bench (scripts/bench/cold-start-bench.ts) to say where a woken worker's time goes. Its own module, so the
 * bench, which runs in Node, does not import the worker's code.
 */
export const DOORWAY_MARKS = { opening: 'factlight:doorway-opening', listening: 'factlight:doorway-listening' };

/**
 * The marks a check taken in by the intake leaves on the same timeline (doorway.ts, check-intake.ts): when the
 * message reached the doorway's intake, when the intake's script was imported, when the check was drafted (its
 * language guessed, its sentences split), and when it was written. The same bench says where a cold check's first
 * step goes.
 */
export const INTAKE_MARKS = {
  message: 'factlight:intake-message',
  imported: 'factlight:intake-imported',
  drafted: 'factlight:intake-drafted',
  written: 'factlight:intake-written',
};
