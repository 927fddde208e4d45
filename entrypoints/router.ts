import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

import { startRouter } from '../lib/background/router';
import { ROUTER_GLOBAL } from '../lib/background/router-global';

/**
 * The worker's router (lib/background/router.ts) as a script of its own, loaded by the doorway when an event needs it
 * (entrypoints/background.ts). Running it only leaves the start function where the doorway finds it.
 */
export default defineUnlistedScript(() => {
  (globalThis as Record<string, unknown>)[ROUTER_GLOBAL] = startRouter;
});
