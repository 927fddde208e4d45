/**
 * Evidence Factlight words itself from structured data: the English passage the model reads stays as it was, and
 * beside it what it says as a code and the raw values (`composed`), for the views to word in the interface language.
 */
import { describe, expect, it } from 'vitest';

import { gatherEvidence } from '../../../../../lib/core/evidence/gather-evidence';
import type { PageReader } from '../../../../../lib/core/evidence/read-pages';
import type { ClaimSearchResult } from '../../../../../lib/core/evidence/search-evidence';
import type { Claim } from '../../../../../lib/core/types';
import { POLITIFACT_REVIEW } from '../../../support/composed-fixtures';

const claim: Claim = {
  id: 'c0',
  sentenceIndex: 0,
  text: 'Crime has doubled in the last 2 years.',
  span: { start: 0, end: 38 },
  anchored: true,
  checkWorthy: true,
};
const queries = { claimId: 'c0', query: 'crime doubled', question: 'Has crime doubled?' };
const unread: PageReader = {
  read: () => Promise.reject(new Error('no page is read: there are no web results')),
};
const options = { language: 'en', passagesPerPage: 2, contextSentences: 1, maxPages: 3 };

function search(parts: Partial<ClaimSearchResult>): ClaimSearchResult {
  return { web: [], factChecks: [], knowledge: [], failures: [], notices: {}, allFailed: false, ...parts };
}

describe('gatherEvidence: composed evidence', () => {
  it("keeps a fact-check's English passage and adds its review as a code and values", async () => {
    const [dated, bare] = await gatherEvidence(
      claim,
      queries,
      search({
        factChecks: [
          {
            url: 'https://www.politifact.com/r/1',
            title: 'No, crime has not doubled',
            snippet: '',
            provider: 'google-factcheck',
            claimReview: {
              claimText: 'Crime has doubled.',
              claimant: 'A post',
              publisher: 'PolitiFact',
              textualRating: 'False',
              reviewDate: '2024-05-02T00:00:00Z',
            },
          },
          {
            url: 'https://fullfact.org/r/2',
            title: 'Full Fact: Crime has doubled.',
            snippet: '',
            provider: 'google-factcheck',
            claimReview: { claimText: 'Crime has doubled.', publisher: 'Full Fact', textualRating: 'Misleading' },
          },
        ],
      }),
      unread,
      options,
    );
    expect(dated).toMatchObject({
      origin: 'fact-check',
      passage:
        'Fact-check by PolitiFact, 2024-05-02: the claim "Crime has doubled." (claimed by A post) was rated "False".',
      composed: POLITIFACT_REVIEW,
    });
    expect(bare?.passage).toBe('Fact-check by Full Fact: the claim "Crime has doubled." was rated "Misleading".');
    expect(bare?.composed).toEqual({
      code: 'fact-check-review',
      params: { publisher: 'Full Fact', claimText: 'Crime has doubled.', textualRating: 'Misleading' },
    });
  });

  it("carries a knowledge-graph statement's composed values, and none for a statement without them", async () => {
    const composed = {
      code: 'wikidata-statement' as const,
      params: { subject: 'Eiffel Tower', property: 'height', value: { kind: 'text' as const, text: '330 metre' } },
    };
    const url = 'https://www.wikidata.org/wiki/Q243';
    const [statement, older] = await gatherEvidence(
      claim,
      queries,
      search({
        knowledge: [
          { url, title: 'Eiffel Tower (Wikidata)', passage: 'Eiffel Tower — height: 330 metre', composed },
          { url, title: 'Eiffel Tower (Wikidata)', passage: 'Eiffel Tower — height: 324 metre' },
        ],
      }),
      unread,
      options,
    );
    expect(statement).toMatchObject({
      origin: 'knowledge-graph',
      passage: 'Eiffel Tower — height: 330 metre',
      composed,
    });
    expect(older).not.toHaveProperty('composed');
  });
});
