import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { catalogueSource } from '../../../../lib/i18n/sources';
import { createTranslator } from '../../../../lib/i18n/translator';

const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../../../public/_locales/${locale}/messages.json`), 'utf8'),
  ) as Catalogue;

const translatorFor = (locale: string) => createTranslator(catalogueSource(locale, catalogue(locale)));

describe('translator', () => {
  it('picks the plural form Intl.PluralRules gives in the catalogue’s locale: Arabic has six', () => {
    const ar = translatorFor('ar');
    const forms = [0, 1, 2, 3, 11, 100].map((count) => ar.t('badgeTitleWrong', { count }));
    const catalogueAr = catalogue('ar');
    expect(forms).toEqual([
      catalogueAr.badgeTitleWrong_zero!.message,
      catalogueAr.badgeTitleWrong_one!.message,
      catalogueAr.badgeTitleWrong_two!.message,
      catalogueAr.badgeTitleWrong_few!.message.replace('$COUNT$', '3'),
      catalogueAr.badgeTitleWrong_many!.message.replace('$COUNT$', '11'),
      catalogueAr.badgeTitleWrong_other!.message.replace('$COUNT$', '100'),
    ]);
    expect(new Set(forms).size).toBe(6);
  });

  it('says English plurals, and formats the count for the locale', () => {
    const en = translatorFor('en');
    expect(en.t('badgeTitleWrong', { count: 1 })).toBe('Factlight: 1 claim refuted or disputed');
    expect(en.t('badgeTitleWrong', { count: 1234 })).toBe('Factlight: 1,234 claims refuted or disputed');
    // Hindi groups by lakh; French uses its "many" form for a million.
    expect(translatorFor('hi').t('badgeTitleWrong', { count: 1234567 })).toContain('12,34,567');
    expect(translatorFor('fr').t('badgeTitleWrong', { count: 1_000_000 })).toMatch(
      /^Factlight\s:\s1\s000\s000 d’affirmations/,
    );
  });

  it('passes named values in the catalogue’s order, whatever order the code names them in', () => {
    expect(translatorFor('en').t('verdictWithCredibility', { verdict: 'refuted', percent: '12%' })).toBe(
      'refuted, credibility 12%',
    );
    expect(translatorFor('ja').t('verdictWithCredibility', { percent: '12%', verdict: '反証あり' })).toBe(
      '反証あり、信頼度 12%',
    );
  });

  it('knows its locale and direction from the catalogue, and formats numbers, dates and relative times there', () => {
    const ar = translatorFor('ar');
    expect([ar.locale, ar.dir]).toEqual(['ar', 'rtl']);
    const pt = translatorFor('pt_BR');
    expect([pt.locale, pt.dir]).toEqual(['pt-BR', 'ltr']);
    expect(pt.formatNumber(1234.5)).toBe('1.234,5');
    expect(pt.formatDate(Date.UTC(2024, 4, 1, 12), { dateStyle: 'long', timeZone: 'UTC' })).toBe('1 de maio de 2024');
    expect(translatorFor('en').formatRelativeTime(-1, 'day')).toBe('yesterday');
  });

  it('shows the key rather than nothing when a message is missing (a broken install)', () => {
    const broken = createTranslator(catalogueSource('en', {}));
    expect(broken.t('menuCheckPage')).toBe('menuCheckPage');
  });

  it('types keys and parameters from the English catalogue', () => {
    const en = translatorFor('en');
    // @ts-expect-error: not a key of the English catalogue
    en.t('menuCheckEverything');
    // @ts-expect-error: a plural message needs its count
    en.t('badgeTitleWrong');
    // @ts-expect-error: the count is a number
    en.t('badgeTitleWrong', { count: '3' });
    // @ts-expect-error: a message without placeholders takes no parameters
    en.t('menuCheckPage', { count: 1 });
    expect(en.t('menuCheckPage')).toBe('Fact-check this page');
  });
});
