/**
 * "Search failed" for a claim whose every source failed: the first cause and how many others, in English
 * (stored) and as a code that keeps the first cause's own code (worded when shown).
 */
import { describe, expect, it } from 'vitest';

import type { ErrorNotice } from '../../../../../lib/core/error-notices';
import { searchFailedMessage, searchFailedNotice } from '../../../../../lib/core/evidence/find-evidence';

const WIKIPEDIA = 'Could not reach Wikipedia at en.wikipedia.org.';
const CODED: ErrorNotice = { code: 'search-unreachable', provider: 'Wikipedia', host: 'en.wikipedia.org' };

describe('searchFailedNotice', () => {
  it('names the first cause with its code, and counts each other cause once', () => {
    const failures = [WIKIPEDIA, 'SearXNG had a server error (500).', WIKIPEDIA];
    expect(searchFailedNotice(failures, { [WIKIPEDIA]: CODED })).toEqual({
      code: 'search-failed',
      cause: WIKIPEDIA,
      causeNotice: CODED,
      others: 1,
    });
    expect(searchFailedMessage(failures)).toBe(`Search failed: ${WIKIPEDIA} (and 1 other failure)`);
  });

  it('without a failure to name, says only that the search failed', () => {
    expect(searchFailedNotice([])).toEqual({ code: 'search-failed', others: 0 });
    expect(searchFailedMessage([])).toBe('Search failed.');
  });
});
