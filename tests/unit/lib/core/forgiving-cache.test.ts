import { describe, expect, it } from 'vitest';

import { forgivingCache } from '../../../../lib/core/forgiving-cache';
import type { RunNotice } from '../../../../lib/core/notices';
import { MemoryCache } from '../../support/model-fakes';

describe('forgivingCache', () => {
  it('passes reads and writes through to a working cache', async () => {
    const cache = new MemoryCache();
    const warnings: string[] = [];
    const view = forgivingCache(cache, (message) => warnings.push(message));
    await view.set('search', 'k', [1, 2], 1000);
    expect(await view.get('search', 'k')).toEqual([1, 2]);
    expect(cache.writes).toEqual([{ kind: 'search', key: 'k', ttlMs: 1000 }]);
    expect(warnings).toEqual([]);
  });

  it('turns failing reads into misses and failing writes into no-ops, reporting the first failure only', async () => {
    const warnings: Array<[string, RunNotice]> = [];
    const view = forgivingCache(
      {
        get: () => Promise.reject(new Error('database closed')),
        set: () => Promise.reject(new Error('quota exceeded')),
      },
      (message, notice) => warnings.push([message, notice]),
    );
    await expect(view.get('page', 'k')).resolves.toBeUndefined();
    await expect(view.set('page', 'k', 'v', 1000)).resolves.toBeUndefined();
    await expect(view.get('model', 'k')).resolves.toBeUndefined();
    // Its English words, with a code beside them that the views word when shown.
    expect(warnings).toEqual([
      [
        'The cache is not working, so nothing is reused or kept this time (database closed).',
        { code: 'cache-failed', cause: 'database closed' },
      ],
    ]);
  });
});
