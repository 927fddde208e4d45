/**
 * A passage's rationale as shown: the pipeline's own rationale (the judge gave none) worded from its code in the
 * interface language, the model's words and rows stored before the code as stored.
 */
import { afterEach, describe, expect, it } from 'vitest';

import type { Judgement } from '../../../../lib/core/types';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { rationaleWords } from '../../../../lib/view/rationale-words';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';
import { shippedCatalogue } from '../../support/catalogue-keys';

const notGiven = 'No rationale given by the model.';
const notJudged = 'Not judged by the model.';

afterEach(() => setMessageSource(browserSource()));

describe('rationaleWords', () => {
  it("words the pipeline's own rationales in the interface language", () => {
    setMessageSource(catalogueSource('es', shippedCatalogue('es') as Catalogue));
    expect(rationaleWords({ rationale: notGiven, rationaleCode: 'no-rationale' })).toBe(
      'El modelo no dio ninguna justificación.',
    );
    expect(rationaleWords({ rationale: notJudged, rationaleCode: 'not-judged' })).toBe(
      'El modelo no evaluó este fragmento.',
    );
    setMessageSource(catalogueSource('ar', shippedCatalogue('ar') as Catalogue));
    expect(rationaleWords({ rationale: notJudged, rationaleCode: 'not-judged' })).toBe(
      'لم يحكم النموذج على هذا المقطع.',
    );
  });

  it('says in English catalogue words what the run stores as English, so the CLI and the extension agree', () => {
    const english = defaultTranslator();
    expect(rationaleWords({ rationale: '', rationaleCode: 'no-rationale' }, english)).toBe(notGiven);
    expect(rationaleWords({ rationale: '', rationaleCode: 'not-judged' }, english)).toBe(notJudged);
  });

  it("shows the model's words, a row stored before the code and an unknown code as stored", () => {
    setMessageSource(catalogueSource('es', shippedCatalogue('es') as Catalogue));
    expect(rationaleWords({ rationale: 'Says 1887.' })).toBe('Says 1887.');
    expect(rationaleWords({ rationale: notJudged })).toBe(notJudged);
    const newer = { rationale: notGiven, rationaleCode: 'from-a-newer-version' } as unknown as Judgement;
    expect(rationaleWords(newer)).toBe(notGiven);
  });
});
