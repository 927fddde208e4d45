import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

import { startEngine } from '../lib/background/engine';
import { ENGINE_GLOBAL } from '../lib/background/engine-global';

/**
 * The background's engine (lib/background/engine.ts) as a script of its own, loaded by the worker on first need
 * (lib/background/engine-loader.ts). Running it only leaves the start function where the worker finds it.
 */
export default defineUnlistedScript(() => {
  (globalThis as Record<string, unknown>)[ENGINE_GLOBAL] = startEngine;
});
