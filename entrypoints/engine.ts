import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

import { startEngine } from '../lib/background/engine';
import { ENGINE_GLOBAL } from '../lib/background/engine-global';

/**
 * The background's engine (lib/background/engine.ts) as a script of its own, for Firefox's background page, which runs
 * it before the router (wxt.config.ts; lib/background/engine-loader.ts). Running it only leaves the start function
 * where the router finds it. Chrome runs the engine in its offscreen document instead (entrypoints/offscreen).
 */
export default defineUnlistedScript({
  include: ['firefox'],
  main() {
    (globalThis as Record<string, unknown>)[ENGINE_GLOBAL] = startEngine;
  },
});
