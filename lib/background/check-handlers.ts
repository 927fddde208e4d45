import { parseChecksImport, writeImportedChecks } from '../db/export-import';
import type { FactlightDb } from '../db/schema';
import type { CommandRouter } from './authorized-handler';
import type { RunManager } from './run-manager';

/** Commands that start, stop, re-run and delete checks. Results travel through IndexedDB, not messages. */
export function registerCheckHandlers(router: CommandRouter, runs: RunManager, db: FactlightDb): void {
  router.handle('startCheck', (request, origin) => runs.start(request, origin));
  router.handle('recheck', ({ checkId, retry }) => runs.recheck(checkId, { retry: retry === true }));
  router.handle('judgeCheck', ({ checkId }) => runs.judge(checkId));
  router.handle('cancelCheck', ({ checkId }) => runs.cancel(checkId));
  router.handle('deleteChecks', async (request) => ({ deleted: await runs.delete(request) }));
  router.handle('resumeChecks', async () => ({ resumed: await runs.resumeInterrupted() }));
  router.handle('importChecks', async ({ json }) => {
    const parsed = parseChecksImport(json);
    // A refusal carries its code too, so the side panel says why in the interface language.
    if (!parsed.ok) return { ok: false as const, error: parsed.error, problem: parsed.problem };
    return { ok: true as const, ...(await writeImportedChecks(db, parsed)) };
  });
}
