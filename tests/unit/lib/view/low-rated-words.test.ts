/**
 * The warning that a text cites sites rated low reliability: in the interface language with its plural forms and
 * its way of listing, the domains isolated in right-to-left words; in the English catalogue's words for the CLI.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { parseRatingsTable } from '../../../../lib/core/evidence/sources/domain-ratings';
import { lowRatedCitations } from '../../../../lib/core/quality/links/low-rated-citations';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { lowRatedCitationsWords } from '../../../../lib/view/low-rated-words';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';
import { shippedCatalogue } from '../../support/catalogue-keys';

const ratings = parseRatingsTable('infowars.com\t46\tc073\nreuters.com\t1000\t\nonlycred.example\t\tf050\n');
const one = lowRatedCitations([{ url: 'https://www.infowars.com/posts/1' }], ratings);
const two = lowRatedCitations(
  [{ url: 'https://www.infowars.com/posts/1' }, { url: 'https://reuters.com/' }, { url: 'https://onlycred.example/' }],
  ratings,
);
const use = (locale: string) => setMessageSource(catalogueSource(locale, shippedCatalogue(locale) as Catalogue));

afterEach(() => setMessageSource(browserSource()));

describe('lowRatedCitationsWords', () => {
  it("says it in the English catalogue's words for the CLI", () => {
    const english = defaultTranslator();
    expect(lowRatedCitationsWords(one, english, english.locale)).toBe(
      'This text cites a source rated low reliability: infowars.com.',
    );
    expect(lowRatedCitationsWords(two, english, english.locale)).toBe(
      'This text cites 2 sources rated low reliability: infowars.com and onlycred.example.',
    );
    expect(lowRatedCitationsWords([], english, english.locale)).toBeUndefined();
  });

  it('says it in the interface language, with its plural forms and its way of listing', () => {
    use('es');
    expect(lowRatedCitationsWords(one)).toBe('Este texto cita una fuente de fiabilidad baja: infowars.com.');
    expect(lowRatedCitationsWords(two)).toBe(
      'Este texto cita 2 fuentes de fiabilidad baja: infowars.com y onlycred.example.',
    );
    use('ja');
    expect(lowRatedCitationsWords(two)).toBe(
      'このテキストは信頼性の低い情報源を 2 件引用しています：infowars.com、onlycred.example。',
    );
  });

  it('keeps each domain in its own direction inside an Arabic sentence', () => {
    use('ar');
    const words = lowRatedCitationsWords(two)!;
    expect(words).toContain('\u2068infowars.com\u2069');
    expect(words).toContain('\u2068onlycred.example\u2069');
    expect(words.startsWith('يستشهد هذا النص بمصدرين')).toBe(true);
  });
});
