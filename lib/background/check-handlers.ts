import { parseChecksImport, writeImportedChecks } from '../db/export-import';
import type { FactlightDb } from '../db/schema';
import { handleCommand, type OwnExtension } from './authorized-handler';
import type { RunManager } from './run-manager';

/** Commands that start, stop, re-run and delete checks. Results travel through IndexedDB, not messages. */
export function registerCheckHandlers(own: OwnExtension, runs: RunManager, db: FactlightDb): void {
  handleCommand(own, 'startCheck', (request, origin) => runs.start(request, origin));
  handleCommand(own, 'recheck', ({ checkId, retry }) => runs.recheck(checkId, { retry: retry === true }));
  handleCommand(own, 'judgeCheck', ({ checkId }) => runs.judge(checkId));
  handleCommand(own, 'cancelCheck', ({ checkId }) => runs.cancel(checkId));
  handleCommand(own, 'deleteChecks', async (request) => ({ deleted: await runs.delete(request) }));
  handleCommand(own, 'resumeChecks', async () => ({ resumed: await runs.resumeInterrupted() }));
  handleCommand(own, 'importChecks', async ({ json }) => {
    const parsed = parseChecksImport(json);
    return parsed.ok
      ? { ok: true as const, ...(await writeImportedChecks(db, parsed)) }
      : { ok: false as const, error: parsed.error };
  });
}
