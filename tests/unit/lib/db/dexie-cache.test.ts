import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import { createDexieCache } from '../../../../lib/db/dexie-cache';
import { FactlightDb } from '../../../../lib/db/schema';

describe('Dexie cache', () => {
  let db = new FactlightDb('cache-test');
  afterEach(async () => {
    db.close();
    await Dexie.delete('cache-test');
    db = new FactlightDb('cache-test');
  });

  it('returns what was stored until it expires, then nothing, and prunes expired rows', async () => {
    let now = 1_000;
    const cache = createDexieCache(db, { now: () => now });
    await cache.set('model', 'k1', { text: 'reply' }, 500);
    await cache.set('search', 'k1', ['a'], 5_000);
    await cache.set('page', 'unread', 'text', 500); // expires unread: only prune() removes it
    expect(await cache.get('model', 'k1')).toEqual({ text: 'reply' });
    expect(await cache.get('search', 'k1')).toEqual(['a']);
    expect(await cache.get('page', 'k1')).toBeUndefined();
    now = 1_500;
    expect(await cache.get('model', 'k1')).toBeUndefined();
    expect(await cache.prune()).toBe(1);
    expect(await db.cache.count()).toBe(1);
  });

  it('deletes an expired row when a read finds it, so stale entries do not pile up', async () => {
    let now = 1_000;
    const cache = createDexieCache(db, { now: () => now });
    await cache.set('page', 'old', 'text', 100);
    await cache.set('page', 'fresh', 'text', 10_000);
    now = 2_000;
    expect(await cache.get('page', 'old')).toBeUndefined();
    expect(await db.cache.get('page:old')).toBeUndefined();
    expect(await db.cache.get('page:fresh')).toBeDefined();
  });

  it('keeps a row that was written again after the expired read', async () => {
    let now = 1_000;
    const cache = createDexieCache(db, { now: () => now });
    await cache.set('model', 'k', 'old', 100);
    now = 2_000;
    const read = cache.get('model', 'k');
    await cache.set('model', 'k', 'new', 10_000);
    await read;
    expect(await cache.get('model', 'k')).toBe('new');
  });
});
