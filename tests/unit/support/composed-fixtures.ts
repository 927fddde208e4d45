/**
 * Composed evidence (a Wikidata statement, a fact-check review) as the producers write it, shared by the tests of
 * the producers, the views that word it and the export that carries it.
 */
import type { ComposedEvidence } from '../../../lib/core/composed-evidence';

/** "Eiffel Tower — height: 330 metre (as of 2022)". */
export const EIFFEL_HEIGHT: Extract<ComposedEvidence, { code: 'wikidata-statement' }> = {
  code: 'wikidata-statement',
  params: {
    subject: 'Eiffel Tower',
    property: 'height',
    value: { kind: 'quantity', amount: '330', unit: 'metre' },
    asOf: { time: '+2022-00-00T00:00:00Z', precision: 9 },
  },
};

/** 'Fact-check by PolitiFact, 2024-05-02: the claim "Crime has doubled." (claimed by A post) was rated "False".' */
export const POLITIFACT_REVIEW: Extract<ComposedEvidence, { code: 'fact-check-review' }> = {
  code: 'fact-check-review',
  params: {
    publisher: 'PolitiFact',
    claimText: 'Crime has doubled.',
    textualRating: 'False',
    claimant: 'A post',
    reviewDate: '2024-05-02T00:00:00Z',
  },
};
