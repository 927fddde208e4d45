/** A run lists a coded warning by a key of its code and parameters: the same notice twice is one warning. */
import { describe, expect, it } from 'vitest';

import { noticeKey, type RunNotice } from '../../../../lib/core/notices';

describe('noticeKey', () => {
  it('is the same for the same notice and differs when any parameter differs', () => {
    const passages: RunNotice = { code: 'passages-not-judged', left: 3, total: 8, claim: 'The wall is visible' };
    expect(noticeKey({ ...passages })).toBe(noticeKey(passages));
    const others: RunNotice[] = [
      { ...passages, left: 2 },
      { ...passages, total: 9 },
      { ...passages, claim: 'The wall is not visible' },
      { code: 'pages-not-judged', failed: 3, total: 8, claim: 'The wall is visible', cause: 'HTTP 500' },
    ];
    const keys = new Set([passages, ...others].map(noticeKey));
    expect(keys.size).toBe(others.length + 1);
  });
});
