/**
 * A run's view of the cache. Caching only saves work, so a cache that fails (storage full, database
 * closed) reads as a miss and drops writes, and the run goes on without it: no stage has to guard its
 * own cache calls. The first failure is reported once; the rest are the same problem again.
 */
import type { RunNotice } from './notices';
import type { Cache, CacheKind } from './ports';
import { causeOf, stageWarning } from './stage-notices';

/**
 * `cache` as a run sees it: failures are misses and dropped writes, and `onFirstFailure` hears of the first
 * (its English words and its code, lib/core/stage-notices.ts).
 */
export function forgivingCache(cache: Cache, onFirstFailure: (message: string, notice: RunNotice) => void): Cache {
  let reported = false;
  const failed = (error: unknown) => {
    if (reported) return;
    reported = true;
    onFirstFailure(...stageWarning({ code: 'cache-failed', ...causeOf(error) }));
  };
  return {
    async get<T>(kind: CacheKind, key: string): Promise<T | undefined> {
      try {
        return await cache.get<T>(kind, key);
      } catch (error) {
        failed(error);
        return undefined;
      }
    },
    async set<T>(kind: CacheKind, key: string, value: T, ttlMs: number): Promise<void> {
      try {
        await cache.set(kind, key, value, ttlMs);
      } catch (error) {
        failed(error);
      }
    },
  };
}
