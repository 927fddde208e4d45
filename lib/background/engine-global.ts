/**
 * Where engine.js leaves its start function, for the worker to find once the script has run (engine-loader.ts).
 * Its own module, so neither side imports the other's code.
 */
export const ENGINE_GLOBAL = '__factlightStartEngine';
/** The engine's script in the built extension (entrypoints/engine.ts). */
export const ENGINE_SCRIPT = '/engine.js';
