import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { createDexieCache } from '../../../lib/db/dexie-cache';
import { FactlightDb } from '../../../lib/db/schema';

describe('Dexie cache', () => {
  const db = new FactlightDb('cache-test');
  afterEach(async () => {
    db.close();
    await Dexie.delete('cache-test');
  });

  it('returns what was stored until it expires, then nothing, and prunes expired rows', async () => {
    let now = 1_000;
    const cache = createDexieCache(db, { now: () => now });
    await cache.set('model', 'k1', { text: 'reply' }, 500);
    await cache.set('search', 'k1', ['a'], 5_000);
    expect(await cache.get('model', 'k1')).toEqual({ text: 'reply' });
    expect(await cache.get('search', 'k1')).toEqual(['a']);
    expect(await cache.get('page', 'k1')).toBeUndefined();
    now = 1_500;
    expect(await cache.get('model', 'k1')).toBeUndefined();
    expect(await cache.prune()).toBe(1);
    expect(await db.cache.count()).toBe(1);
  });
});
