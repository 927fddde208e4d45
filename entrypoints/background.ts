import { defineBackground } from 'wxt/utils/define-background';

import { openDoorway } from '../lib/background/doorway';

/**
 * The worker's own script: the doorway (lib/background/doorway.ts), all that a wake of the stopped worker parses. It
 * loads the check intake (entrypoints/check-intake.ts) and the router (entrypoints/router.ts) when an event needs
 * them; the router has the engine run in the offscreen document (entrypoints/offscreen) in Chrome, and in the
 * background page itself in Firefox (entrypoints/engine.ts).
 */
export default defineBackground(() => openDoorway());
