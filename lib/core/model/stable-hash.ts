/**
 * Cache keys for model calls: a stable JSON rendering (object keys sorted, so key order never changes a
 * key) hashed with cyrb53; and FNV-1a for short stable ids. Pure code on purpose: the core runs where node:crypto does
 * not exist, and
 * SubtleCrypto is async and overkill for a cache key.
 */

/** JSON.stringify with object keys sorted at every level; `undefined` members are left out, as JSON does. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : stableStringify(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${stableStringify(member)}`).join(',')}}`;
}

/** cyrb53 (public domain, bryc): a fast 53-bit string hash with good dispersion. */
export function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * 32-bit FNV-1a over UTF-16 code units: tiny and stable across runs and platforms, for ids and split
 * keys that must never change (message ids, the passage eval's dev/held-out split), not for cache keys.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * A 106-bit hex digest of `value` (two cyrb53 runs with different seeds): collisions between cache
 * entries would silently return another prompt's answer, so 53 bits alone felt too thin.
 */
export function stableHash(value: unknown): string {
  const text = stableStringify(value);
  return cyrb53(text, 0).toString(16).padStart(14, '0') + cyrb53(text, 0x9e3779b9).toString(16).padStart(14, '0');
}
