import { defineBackground } from 'wxt/utils/define-background';

import { openDoorway } from '../lib/background/doorway';

/**
 * The worker's own script: the doorway (lib/background/doorway.ts), all that a wake of the stopped worker parses. It
 * loads the check intake (entrypoints/intake.ts), the router (entrypoints/router.ts) and through it the
 * engine (entrypoints/engine.ts) when an event needs them.
 */
export default defineBackground(() => openDoorway());
