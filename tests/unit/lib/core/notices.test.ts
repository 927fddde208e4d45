/** A run lists a coded warning by a key of its code and parameters: the same notice twice is one warning. */
import { describe, expect, it } from 'vitest';

import { noticeFromKey, noticeKey, type RunNotice } from '../../../../lib/core/notices';

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

describe('noticeFromKey', () => {
  it("reads Ollama's shortened context back from its key, and refuses one whose tokens are not a count", () => {
    const shortened: RunNotice = { code: 'ollama-context-shortened', tokens: 4_096 };
    expect(noticeFromKey(noticeKey(shortened))).toEqual(shortened);
    expect(noticeFromKey('notice:{"code":"ollama-context-shortened","tokens":"<b>"}')).toBeUndefined();
    expect(noticeFromKey('notice:{"code":"ollama-context-shortened","tokens":-1}')).toBeUndefined();
  });

  it("reads the on-device model's shortened context back from its key, its tokens a count", () => {
    const shortened: RunNotice = { code: 'on-device-context-shortened', tokens: 6_144 };
    expect(noticeFromKey(noticeKey(shortened))).toEqual(shortened);
    expect(noticeFromKey('notice:{"code":"on-device-context-shortened","tokens":"<b>"}')).toBeUndefined();
  });
});
