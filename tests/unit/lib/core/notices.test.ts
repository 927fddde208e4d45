/** A run's coded warnings keep the English the run always stored, so older readers (CLI, export) read the same. */
import { describe, expect, it } from 'vitest';

import { englishNotice } from '../../../../lib/core/notices';

describe('englishNotice', () => {
  it('words the context-window and per-page warnings as the run stored them', () => {
    expect(englishNotice({ code: 'passages-not-judged', left: 3, total: 8, claim: 'The wall is visible' })).toBe(
      `3 of 8 passages for "The wall is visible" were not judged: the model's context window has no room for them.`,
    );
    expect(
      englishNotice({ code: 'pages-not-judged', failed: 1, total: 4, claim: 'The wall is visible', cause: 'HTTP 500' }),
    ).toBe(
      '1 of 4 pages for "The wall is visible" could not be judged (HTTP 500); the verdict rests on the other pages.',
    );
  });
});
