import type { Cache, CacheKind, Clock } from '../core/ports';

/** The `Cache` port in memory: for the Node commands, benchmarks and tests. */
export function createMemoryCache(clock: Clock = { now: () => Date.now() }): Cache & { size(): number; clear(): void } {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    async get<T>(kind: CacheKind, key: string): Promise<T | undefined> {
      const entry = entries.get(`${kind}:${key}`);
      if (!entry || entry.expiresAt <= clock.now()) return undefined;
      // A copy, so a caller mutating what it got cannot change the cache.
      return structuredClone(entry.value) as T;
    },
    async set<T>(kind: CacheKind, key: string, value: T, ttlMs: number): Promise<void> {
      entries.set(`${kind}:${key}`, { value: structuredClone(value), expiresAt: clock.now() + ttlMs });
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}
