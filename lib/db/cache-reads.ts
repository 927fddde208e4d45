/**
 * One check's view of the cache that remembers what it read: whether every answer the check used (model
 * replies, searches, pages) came from the cache, and when the oldest of them was stored. A check answered
 * wholly from the cache is a result from the person's history, and says so with its age ("checked 2 h
 * ago · Re-check"), rather than looking like a fresh check, which matters most when it ran offline.
 */
import type { Cache, CacheKind } from '../core/ports';
import type { DexieCache } from './dexie-cache';

/** Source types are a per-host label kept for weeks, not an answer about this text: their reads do not count. */
const ANSWER_KINDS: ReadonlySet<CacheKind> = new Set<CacheKind>(['model', 'search', 'page']);

export function trackCacheReads(cache: DexieCache): { cache: Cache; servedFrom(): number | undefined } {
  let hits = 0;
  let misses = 0;
  let oldest = Infinity;
  return {
    cache: {
      async get<T>(kind: CacheKind, key: string): Promise<T | undefined> {
        const entry = await cache.getEntry<T>(kind, key);
        if (ANSWER_KINDS.has(kind)) {
          if (entry) {
            hits++;
            oldest = Math.min(oldest, entry.createdAt);
          } else misses++;
        }
        return entry?.value;
      },
      set: (kind, key, value, ttlMs) => cache.set(kind, key, value, ttlMs),
    },
    /** When the answers were first obtained, if every answer read came from the cache; else undefined. */
    servedFrom: () => (hits > 0 && misses === 0 ? oldest : undefined),
  };
}
