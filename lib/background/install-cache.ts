/**
 * A service worker cannot `import()` at all, and `importScripts()` fetches a script only while the worker installs;
 * later it serves only scripts imported then, from the worker's script cache (Service Workers spec, importScripts:
 * "If serviceWorker's state is not parsed or installing, return map[url]"; seen in Chromium 156,
 * scripts/bench/cold-start-bench.ts measures it). So Chrome's worker imports check-intake.js, router.js and
 * engine.js once while it installs, which caches them, and imports them again from that cache in each later life that
 * needs them.
 */

/** The parts of the worker's global scope used here (a test gives its own). */
export interface InstallScope {
  importScripts?: (...urls: string[]) => void;
  addEventListener?: (type: 'install', listener: () => void) => void;
}

/** Imports each of `urls` while the worker installs. Firefox's background page has no importScripts: nothing to do. */
export function cacheAtInstall(urls: readonly string[], scope: InstallScope = globalThis as InstallScope): void {
  if (typeof scope.importScripts !== 'function' || !scope.addEventListener) return;
  const importScripts = scope.importScripts.bind(scope);
  scope.addEventListener('install', () => {
    for (const url of urls) {
      try {
        importScripts(url);
      } catch (error) {
        // Without it this install cannot load that part; each command that needs it then says so.
        console.error(`[factlight] ${url} not cached at install`, error);
      }
    }
  });
}
