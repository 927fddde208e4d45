import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

import { startIntake } from '../lib/background/check-intake';
import { INTAKE_GLOBAL } from '../lib/background/intake-global';

/**
 * The check intake (lib/background/check-intake.ts) as a script of its own, loaded by the doorway for a check that
 * finds the engine not loaded (entrypoints/background.ts). Running it only leaves the start function where the doorway
 * finds it. Not in Firefox's build: its background page is never stopped for idleness and runs the engine at once.
 */
export default defineUnlistedScript({
  exclude: ['firefox'],
  main() {
    (globalThis as Record<string, unknown>)[INTAKE_GLOBAL] = startIntake;
  },
});
