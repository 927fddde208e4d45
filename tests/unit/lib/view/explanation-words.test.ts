/**
 * A claim's explanation as shown: the pipeline's own explanation worded from its code in the interface language,
 * the model's words and rows stored before the code as stored.
 */
import { afterEach, describe, expect, it } from 'vitest';

import type { ClaimAssessment } from '../../../../lib/core/types';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { explanationWords } from '../../../../lib/view/explanation-words';
import { shippedCatalogue } from '../../support/catalogue-keys';

const stored = 'The enabled sources returned no evidence for this claim.';

afterEach(() => setMessageSource(browserSource()));

describe('explanationWords', () => {
  it('words the no-evidence explanation in the interface language', () => {
    setMessageSource(catalogueSource('es', shippedCatalogue('es') as Catalogue));
    expect(explanationWords({ explanation: stored, explanationCode: 'no-evidence' })).toBe(
      'Las fuentes activadas no devolvieron pruebas para esta afirmación.',
    );
    setMessageSource(catalogueSource('ja', shippedCatalogue('ja') as Catalogue));
    expect(explanationWords({ explanation: stored, explanationCode: 'no-evidence' })).toBe(
      '有効な情報源から、この主張の根拠は返されませんでした。',
    );
  });

  it("shows the model's words, a row stored before the code and an unknown code as stored", () => {
    setMessageSource(catalogueSource('es', shippedCatalogue('es') as Catalogue));
    expect(explanationWords({ explanation: 'The report says 12 [1].' })).toBe('The report says 12 [1].');
    expect(explanationWords({ explanation: stored })).toBe(stored);
    const newer = { explanation: stored, explanationCode: 'from-a-newer-version' } as unknown as ClaimAssessment;
    expect(explanationWords(newer)).toBe(stored);
  });
});
