/** What "Judge these sources" carries from the evidence-only check it judges (lib/background/judged-warnings.ts). */
import { describe, expect, it } from 'vitest';

import { carriedWarnings } from '../../../../lib/background/judged-warnings';
import type { RunNotice } from '../../../../lib/core/notices';

const searxng = 'SearXNG had a server error (500).';
const byWords = 'Passages were chosen by word match: OpenAI asks to wait 30 s.';
const cache = 'The cache is not working, so nothing is reused or kept this time.';
const notices: Record<string, RunNotice> = {
  [searxng]: { code: 'source-failed', error: { code: 'http-status', provider: 'SearXNG', status: 500, detail: '' } },
  [byWords]: { code: 'passages-by-words', cause: 'OpenAI asks to wait 30 s.' } as RunNotice,
  [cache]: { code: 'cache-failed', cause: 'QuotaExceededError' } as RunNotice,
};

describe('carriedWarnings', () => {
  it('carries what explains the evidence, with its codes, and leaves what described the other run', () => {
    expect(carriedWarnings({ warnings: [searxng, cache, byWords], notices })).toEqual({
      warnings: [searxng, byWords],
      notices: { [searxng]: notices[searxng], [byWords]: notices[byWords] },
    });
  });

  it('carries a warning stored without a code (older checks listed search failures so)', () => {
    expect(carriedWarnings({ warnings: ['Brave Search rejected the API key.'] })).toEqual({
      warnings: ['Brave Search rejected the API key.'],
    });
  });

  it('carries nothing when there is nothing about the evidence, or no judged check', () => {
    expect(carriedWarnings({ warnings: [cache], notices })).toBeUndefined();
    expect(carriedWarnings({ warnings: [] })).toBeUndefined();
    expect(carriedWarnings(undefined)).toBeUndefined();
  });
});
