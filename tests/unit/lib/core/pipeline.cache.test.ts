import { describe, expect, it } from 'vitest';

import { runCheck } from '../../../../lib/core/pipeline';
import type { Cache } from '../../../../lib/core/ports';
import { fakeRun } from '../../support/fake-run';

const PAGE = 'Quokkas live on Rottnest Island. They are small marsupials. Visitors often photograph them.';

/** A cache whose storage is gone (a full disk, a closed database): every read and write throws. */
function brokenCache(): Cache & { calls: number } {
  const cache = {
    calls: 0,
    async get(): Promise<never> {
      cache.calls++;
      throw new Error('QuotaExceededError: the cache database is closed');
    },
    async set(): Promise<never> {
      cache.calls++;
      throw new Error('QuotaExceededError: the cache database is closed');
    },
  };
  return cache;
}

describe('a check with a broken cache', () => {
  it('still searches, reads, types sources and gives verdicts, with one warning', async () => {
    const cache = brokenCache();
    const { deps, options } = fakeRun(
      { 'https://quokka-daily.example/a': PAGE, 'https://marsupial-blog.example/b': PAGE },
      { cache },
    );
    const result = await runCheck('Quokkas live on Rottnest Island. They are small marsupials.', deps, options);
    expect(cache.calls).toBeGreaterThan(0);
    expect(result.assessments).toHaveLength(2);
    expect(result.assessments.every((assessment) => assessment.verdict !== 'could-not-check')).toBe(true);
    expect(result.evidence.filter((item) => item.origin === 'page')).toHaveLength(4);
    expect(result.evidence.every((item) => item.source.sourceType === 'blog')).toBe(true);
    expect(result.warnings).toEqual([expect.stringMatching(/^The cache is not working.*QuotaExceededError/)]);
    // …with its code beside its words, worded when shown.
    expect(result.notices).toEqual({
      [result.warnings[0]!]: { code: 'cache-failed', cause: 'QuotaExceededError: the cache database is closed' },
    });
  });
});
