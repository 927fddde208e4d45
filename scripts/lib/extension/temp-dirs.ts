/**
 * Temporary folders for browser profiles and their caches. Each is removed by whoever closes the browser;
 * whatever is still there when the process exits (a test file that crashed before its afterEach, a
 * browser closed by hand under `npm start`) is removed by an exit hook, so runs leave nothing in the temp
 * folder. The hook is synchronous, as 'exit' handlers must be.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const live = new Set<string>();
let hooked = false;

function removeNow(dir: string): void {
  live.delete(dir);
  // A browser that just exited may still be flushing a file (seconds, on a loaded machine): retry with a
  // linear backoff (up to about 12 s in all) instead of failing the test.
  rmSync(dir, { recursive: true, force: true, maxRetries: 15, retryDelay: 100 });
}

function removeAllLeft(): void {
  for (const dir of [...live]) {
    try {
      removeNow(dir);
    } catch {
      // Exiting anyway: one folder that cannot go must not hide the process's own exit code.
    }
  }
}

/** A new folder `<tmp>/<prefix>XXXXXX`, removed at the latest when the process exits. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  live.add(dir);
  if (!hooked) {
    hooked = true;
    process.once('exit', removeAllLeft);
  }
  return dir;
}

/** Removes a folder now (made by makeTempDir or not); a folder already gone is fine. */
export function removeTempDir(dir: string): void {
  removeNow(dir);
}
