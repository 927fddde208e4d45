import type { Cache, CacheKind, Clock } from '../core/ports';
import type { FactlightDb } from './schema';

/**
 * The core's `Cache` port on the `cache` table. Expired entries read as missing; a read that meets one
 * deletes it, and the background prunes the rest at startup, so stale pages and replies do not pile up.
 */
export interface DexieCache extends Cache {
  /** The entry with when it was stored, or undefined when missing or expired (as `get`). */
  getEntry<T>(kind: CacheKind, key: string): Promise<{ value: T; createdAt: number } | undefined>;
  prune(): Promise<number>;
}

export function createDexieCache(db: FactlightDb, clock: Clock): DexieCache {
  async function getEntry<T>(kind: CacheKind, key: string): Promise<{ value: T; createdAt: number } | undefined> {
    const id = `${kind}:${key}`;
    const record = await db.cache.get(id);
    if (!record) return undefined;
    const now = clock.now();
    if (record.expiresAt > now) return { value: record.value as T, createdAt: record.createdAt };
    // Re-tested inside the delete: a set() that landed after the read has a fresh expiry and stays.
    // A failed clean-up must not fail the read; the startup prune gets the row later.
    await db.cache
      .where('id')
      .equals(id)
      .filter((row) => row.expiresAt <= now)
      .delete()
      .catch(() => undefined);
    return undefined;
  }
  return {
    getEntry,
    async get<T>(kind: CacheKind, key: string): Promise<T | undefined> {
      return (await getEntry<T>(kind, key))?.value;
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
