import type { Cache, CacheKind, Clock } from '../core/ports';
import type { FactlightDb } from './schema';

/** The core's `Cache` port on the `cache` table. Expired entries read as missing and are pruned lazily. */
export function createDexieCache(db: FactlightDb, clock: Clock): Cache & { prune(): Promise<number> } {
  return {
    async get<T>(kind: CacheKind, key: string): Promise<T | undefined> {
      const record = await db.cache.get(`${kind}:${key}`);
      if (!record || record.expiresAt <= clock.now()) return undefined;
      return record.value as T;
    },
    async set<T>(kind: CacheKind, key: string, value: T, ttlMs: number): Promise<void> {
      const now = clock.now();
      await db.cache.put({ id: `${kind}:${key}`, kind, createdAt: now, expiresAt: now + ttlMs, value });
    },
    /** Deletes expired entries; returns how many. */
    async prune(): Promise<number> {
      return db.cache.where('expiresAt').belowOrEqual(clock.now()).delete();
    },
  };
}
