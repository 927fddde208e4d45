/**
 * The marks the doorway (doorway.ts) leaves on the worker's performance timeline at each start in Chrome, read by the
 * cold-start bench (scripts/bench/cold-start-bench.ts) to say where a woken worker's time goes. Its own module, so the
 * bench, which runs in Node, does not import the worker's code.
 */
export const DOORWAY_MARKS = { opening: 'factlight:doorway-opening', listening: 'factlight:doorway-listening' };
