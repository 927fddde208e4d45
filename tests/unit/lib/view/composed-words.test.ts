/**
 * Evidence Factlight composed from structured data, worded in the interface language when shown (issue 25): the
 * catalogue's sentence with the values as given, dates and numbers in the language's own forms; the English the
 * model read for rows without `composed`.
 */
import { afterEach, describe, expect, it } from 'vitest';

import type { ComposedEvidence } from '../../../../lib/core/composed-evidence';
import type { Evidence } from '../../../../lib/core/types';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { createTranslator } from '../../../../lib/i18n/translator';
import {
  evidencePassage,
  evidencePassageDir,
  evidenceTitle,
  romanNumeral,
  timeWords,
  valueWords,
} from '../../../../lib/view/composed-words';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';
import { shippedCatalogue } from '../../support/catalogue-keys';
import { EIFFEL_HEIGHT, POLITIFACT_REVIEW } from '../../support/composed-fixtures';

const FSI = '\u2068';
const PDI = '\u2069';

afterEach(() => setMessageSource(browserSource()));

const use = (locale: string) => setMessageSource(catalogueSource(locale, shippedCatalogue(locale) as Catalogue));
const say = (locale: string) => createTranslator(catalogueSource(locale, shippedCatalogue(locale) as Catalogue));
const year = (y: number) => ({ time: `+${y}-00-00T00:00:00Z`, precision: 9 });

const height = EIFFEL_HEIGHT;
const review = POLITIFACT_REVIEW;
const evidence = (composed: ComposedEvidence | undefined, passage = 'the English the model read'): Evidence => ({
  id: 'c0:e0',
  claimId: 'c0',
  source: {
    url: 'https://www.wikidata.org/wiki/Q243',
    host: 'www.wikidata.org',
    title: 'Eiffel Tower (Wikidata)',
    provider: 'wikidata',
    sourceType: 'wiki',
  },
  passage,
  origin: 'knowledge-graph',
  ...(composed ? { composed } : {}),
});

describe('composed evidence in words', () => {
  it('words a Wikidata statement and its title in English as the passage says it', () => {
    const english = defaultTranslator();
    expect(evidencePassage(evidence(height), english)).toBe('Eiffel Tower — height: 330 metre (as of 2022)');
    expect(evidenceTitle(evidence(height), english)).toBe('Eiffel Tower (Wikidata)');
    const period = { ...height.params, asOf: undefined, from: year(1889), until: year(1956) };
    expect(evidencePassage(evidence({ code: 'wikidata-statement', params: period }), english)).toBe(
      'Eiffel Tower — height: 330 metre (from 1889 to 1956)',
    );
  });

  it('words a Wikidata statement in Spanish, the values as given', () => {
    use('es');
    expect(evidencePassage(evidence(height))).toBe('Eiffel Tower — height: 330 metre (fecha: 2022)');
    expect(evidenceTitle(evidence(height))).toBe('Eiffel Tower (Wikidata)');
    expect(evidencePassageDir(evidence(height))).toBeUndefined();
    const since = { ...height.params, asOf: undefined, from: { time: '+2014-03-31T00:00:00Z', precision: 11 } };
    expect(evidencePassage(evidence({ code: 'wikidata-statement', params: since }))).toBe(
      'Eiffel Tower — height: 330 metre (inicio: 31 de marzo de 2014)',
    );
  });

  it('words a Wikidata statement in Arabic, right to left with each value isolated', () => {
    use('ar');
    const passage = evidencePassage(evidence(height));
    expect(passage).toContain(`${FSI}Eiffel Tower${PDI} — ${FSI}height${PDI}: `);
    expect(passage).toContain(`${FSI}metre${PDI}`);
    expect(passage).toMatch(/\(في .+\)$/);
    expect(evidenceTitle(evidence(height))).toBe(`${FSI}Eiffel Tower${PDI} (ويكي بيانات)`);
  });

  it('isolates right-to-left values in a left-to-right interface, so the sentence keeps its punctuation', () => {
    const english = defaultTranslator();
    const hebrew: ComposedEvidence = {
      code: 'wikidata-statement',
      params: { subject: 'מגדל דוד', property: 'height', value: { kind: 'text', text: 'ירושלים' } },
    };
    expect(evidencePassage(evidence(hebrew), english)).toBe(`${FSI}מגדל דוד${PDI} — height: ${FSI}ירושלים${PDI}`);
    expect(evidenceTitle(evidence(hebrew), english)).toBe(`${FSI}מגדל דוד${PDI} (Wikidata)`);
    const arabic: ComposedEvidence = {
      code: 'fact-check-review',
      params: { publisher: 'مسبار', claimText: 'ادعاء', textualRating: 'خطأ' },
    };
    expect(evidencePassage(evidence(arabic), english)).toBe(
      `Fact-check by ${FSI}مسبار${PDI}: the claim “${FSI}ادعاء${PDI}” was rated “${FSI}خطأ${PDI}”.`,
    );
  });

  it('words a fact-check review in English, Spanish and Arabic', () => {
    expect(evidencePassage(evidence(review), defaultTranslator())).toBe(
      'Fact-check by PolitiFact, May 2, 2024: the claim “Crime has doubled.” (claimed by A post) was rated “False”.',
    );
    use('es');
    expect(evidencePassage(evidence(review))).toBe(
      'Verificación de PolitiFact, 2 may 2024: la afirmación «Crime has doubled.» (hecha por A post) recibió la calificación «False».',
    );
    const bare: ComposedEvidence = {
      code: 'fact-check-review',
      params: { publisher: 'PolitiFact', claimText: 'Crime has doubled.', textualRating: 'False' },
    };
    expect(evidencePassage(evidence(bare))).toBe(
      'Verificación de PolitiFact: la afirmación «Crime has doubled.» recibió la calificación «False».',
    );
    use('ar');
    expect(evidencePassage(evidence(bare))).toBe(
      `تدقيق حقائق أجراه ${FSI}PolitiFact${PDI}: صُنِّف الادعاء «${FSI}Crime has doubled.${PDI}» بأنه «${FSI}False${PDI}».`,
    );
  });

  it('dates a statement with a label and a noun phrase, never a preposition before a decade or a century', () => {
    const decade = (y: number) => ({ time: `+${y}-00-00T00:00:00Z`, precision: 8 });
    const century = { time: '+1801-00-00T00:00:00Z', precision: 7 };
    const day = { time: '+2014-03-31T00:00:00Z', precision: 11 };
    const dated = (dating: object, locale: string) =>
      evidencePassage(
        evidence({ code: 'wikidata-statement', params: { ...height.params, asOf: undefined, ...dating } }),
        say(locale),
      );
    const range = { from: decade(1885), until: decade(1893) };
    expect(dated(range, 'en')).toBe('Eiffel Tower — height: 330 metre (from the 1880s to the 1890s)');
    expect(dated({ from: century }, 'en')).toBe('Eiffel Tower — height: 330 metre (since the 19th century)');
    expect(dated(range, 'fr')).toBe(
      'Eiffel Tower — height\u00a0: 330 metre (période\u00a0: années 1880 – années 1890)',
    );
    expect(dated({ until: decade(1893) }, 'fr')).toBe(
      'Eiffel Tower — height\u00a0: 330 metre (fin\u00a0: années 1890)',
    );
    expect(dated({ from: day }, 'fr')).toBe('Eiffel Tower — height\u00a0: 330 metre (début\u00a0: 31 mars 2014)');
    expect(dated({ asOf: decade(1885) }, 'pt_BR')).toBe('Eiffel Tower — height: 330 metre (data: década de 1880)');
    expect(dated({ from: century }, 'es')).toBe('Eiffel Tower — height: 330 metre (inicio: siglo XIX)');
    expect(dated({ from: decade(1885) }, 'de')).toBe('Eiffel Tower — height: 330 metre (Beginn: 1880er-Jahre)');
    expect(dated({ from: century, until: decade(1993) }, 'de')).toBe(
      'Eiffel Tower — height: 330 metre (Zeitraum: 19. Jahrhundert – 1990er-Jahre)',
    );
    expect(dated({ from: decade(1885) }, 'hi')).toBe('Eiffel Tower — height: 330 metre (आरंभ: 1880 का दशक)');
  });

  it('words times to every precision in the language, with the era before the common era', () => {
    const en = say('en');
    expect(timeWords({ time: '+1889-03-31T00:00:00Z', precision: 11 }, en)).toBe('March 31, 1889');
    expect(timeWords({ time: '+1994-01-00T00:00:00Z', precision: 11 }, en)).toBe('January 1994');
    expect(timeWords({ time: '+1885-00-00T00:00:00Z', precision: 8 }, en)).toBe('the 1880s');
    expect(timeWords({ time: '+1801-00-00T00:00:00Z', precision: 7 }, en)).toBe('the 19th century');
    expect(timeWords({ time: '+2001-00-00T00:00:00Z', precision: 7 }, en)).toBe('the 21st century');
    expect(timeWords({ time: '+1001-00-00T00:00:00Z', precision: 6 }, en)).toBe('the 2nd millennium');
    expect(timeWords({ time: '-0044-03-15T00:00:00Z', precision: 11 }, en)).toBe('March 15, 44 BCE');
    expect(timeWords({ time: '1889', precision: 9 }, en)).toBeUndefined();
    const es = say('es');
    // Spanish, French and Portuguese write centuries and millennia in Roman numerals; German and English do not.
    expect(timeWords({ time: '+1801-00-00T00:00:00Z', precision: 7 }, es)).toBe('siglo XIX');
    expect(timeWords({ time: '+2001-00-00T00:00:00Z', precision: 6 }, es)).toBe('III milenio');
    expect(timeWords({ time: '-2500-00-00T00:00:00Z', precision: 6 }, say('pt_BR'))).toBe('III milênio a.C.');
    expect(timeWords({ time: '-0450-00-00T00:00:00Z', precision: 7 }, es)).toBe('siglo V a. C.');
    expect(timeWords({ time: '+1801-00-00T00:00:00Z', precision: 7 }, say('fr'))).toBe('XIXe siècle');
    expect(timeWords({ time: '+2001-00-00T00:00:00Z', precision: 7 }, say('pt_BR'))).toBe('século XXI');
    expect(timeWords({ time: '+1885-00-00T00:00:00Z', precision: 8 }, es)).toBe('década de 1880');
    expect(timeWords({ time: '-0044-00-00T00:00:00Z', precision: 9 }, es)).toBe('44 a. C.');
    expect(timeWords({ time: '+0001-00-00T00:00:00Z', precision: 7 }, say('fr'))).toBe('Ier siècle');
    expect(timeWords({ time: '+1801-00-00T00:00:00Z', precision: 7 }, say('de'))).toBe('19. Jahrhundert');
    expect(timeWords({ time: '+1889-03-31T00:00:00Z', precision: 11 }, say('ja'))).toBe('1889年3月31日');
  });

  it('writes Roman numerals with their subtractive pairs', () => {
    const cases: Array<[number, string]> = [
      [1, 'I'],
      [4, 'IV'],
      [9, 'IX'],
      [14, 'XIV'],
      [19, 'XIX'],
      [21, 'XXI'],
      [40, 'XL'],
      [90, 'XC'],
      [400, 'CD'],
      [900, 'CM'],
      [1999, 'MCMXCIX'],
      [3999, 'MMMCMXCIX'],
    ];
    for (const [n, numeral] of cases) expect(romanNumeral(n), `${n}`).toBe(numeral);
  });

  it('shows the stored passage for a review without a rating, a publisher or a claim', () => {
    use('es');
    const params = { publisher: 'PolitiFact', claimText: 'Crime has doubled.', textualRating: 'False' };
    for (const missing of ['publisher', 'claimText', 'textualRating'] as const) {
      const composed: ComposedEvidence = { code: 'fact-check-review', params: { ...params, [missing]: ' ' } };
      expect(evidencePassage(evidence(composed))).toBe('the English the model read');
      expect(evidencePassageDir(evidence(composed))).toBe('auto');
    }
  });

  it('never words a day the calendar does not have, nor year 0 as 1', () => {
    const en = say('en');
    // A Julian leap day Gregorian does not have: the stored English is shown rather than 1 March.
    expect(timeWords({ time: '+1700-02-29T00:00:00Z', precision: 11 }, en)).toBeUndefined();
    expect(timeWords({ time: '+2023-04-31T00:00:00Z', precision: 11 }, en)).toBeUndefined();
    expect(timeWords({ time: '+2024-02-29T00:00:00Z', precision: 11 }, en)).toBe('February 29, 2024');
    // At month precision the day does not count, even one the month does not have.
    expect(timeWords({ time: '+2023-02-30T00:00:00Z', precision: 10 }, en)).toBe('February 2023');
    expect(timeWords({ time: '+0000-00-00T00:00:00Z', precision: 9 }, en)).toBe('0');
    expect(timeWords({ time: '+0000-05-01T00:00:00Z', precision: 11 }, en)).toBeUndefined();
    expect(timeWords({ time: '+0033-00-00T00:00:00Z', precision: 9 }, en)).toBe('33');
  });

  it('words quantities and coordinates with the language’s numbers and compass points', () => {
    const en = say('en');
    expect(valueWords({ kind: 'quantity', amount: '68373433' }, en)).toBe('68,373,433');
    expect(valueWords({ kind: 'quantity', amount: '-12.123456789', unit: 'metre' }, en)).toBe('-12.123456789 metre');
    expect(valueWords({ kind: 'coordinates', latitude: -33.8568, longitude: 151.2153 }, en)).toBe(
      '33.8568° S, 151.2153° E',
    );
    const de = say('de');
    expect(valueWords({ kind: 'quantity', amount: '68373433' }, de)).toBe('68.373.433');
    expect(valueWords({ kind: 'coordinates', latitude: 48.8584, longitude: 2.2945 }, de)).toBe('48,8584° N, 2,2945° O');
  });

  it('shows the stored text for rows without composed words, or with values it cannot word', () => {
    use('es');
    const plain = evidence(undefined, 'Eiffel Tower — height: 330 metre (as of 2022)');
    expect(evidencePassage(plain)).toBe('Eiffel Tower — height: 330 metre (as of 2022)');
    expect(evidenceTitle(plain)).toBe('Eiffel Tower (Wikidata)');
    expect(evidencePassageDir(plain)).toBe('auto');
    const unreadable: ComposedEvidence = {
      code: 'wikidata-statement',
      params: { ...height.params, asOf: { time: 'yesterday', precision: 9 } },
    };
    expect(evidencePassage(evidence(unreadable))).toBe('the English the model read');
    const newer = { code: 'from-a-newer-version', params: {} } as unknown as ComposedEvidence;
    expect(evidencePassage(evidence(newer))).toBe('the English the model read');
  });
});
