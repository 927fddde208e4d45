/**
 * The shipped catalogues are whole (every key in every locale, placeholders and plural forms right), and
 * each rule fails on a catalogue that breaks it.
 */
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { arrowProblems, catalogueProblems, readCatalogues } from '../../../../scripts/i18n/catalogue-rules';

const LOCALES_DIR = resolve(import.meta.dirname, '../../../../public/_locales');

/** The shipped catalogues, copied so a test can break one. */
function shipped(): Map<string, Catalogue> {
  return new Map(
    [...readCatalogues(LOCALES_DIR)].map(([locale, catalogue]) => [locale, structuredClone(catalogue)] as const),
  );
}

/** The problems found, in a stable order (the folder listing's order varies). */
const problemsOf = (catalogues: Map<string, Catalogue>) => catalogueProblems(catalogues).sort();

describe('message catalogues', () => {
  it('ship every locale whole: every key, the plural forms of each locale, matching placeholders', () => {
    const catalogues = readCatalogues(LOCALES_DIR);
    expect([...catalogues.keys()].sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'hi', 'ja', 'pt_BR', 'zh_CN']);
    expect(problemsOf(catalogues)).toEqual([]);
    // Arabic has all six CLDR forms, French three, Japanese one.
    expect(Object.keys(catalogues.get('ar')!).filter((key) => key.startsWith('badgeTitleWrong_'))).toHaveLength(6);
    expect(Object.keys(catalogues.get('fr')!).filter((key) => key.startsWith('badgeTitleWrong_'))).toHaveLength(3);
    expect(Object.keys(catalogues.get('ja')!).filter((key) => key.startsWith('badgeTitleWrong_'))).toEqual(
      ['badgeTitleWrong_other'].sort(),
    );
  });

  it('finds a missing key, an extra key and a missing locale', () => {
    const catalogues = shipped();
    delete catalogues.get('de')!.menuCheckPage;
    catalogues.get('es')!.menuCheckEverything = { message: 'Verificar todo' };
    catalogues.delete('hi');
    expect(problemsOf(catalogues)).toEqual(
      ['hi: no messages.json', 'es: menuCheckEverything is not expected', 'de: menuCheckPage is missing'].sort(),
    );
  });

  it('holds plural messages to the CLDR categories of their own locale', () => {
    const catalogues = shipped();
    delete catalogues.get('ar')!.badgeTitleWrong_few;
    catalogues.get('ja')!.badgeTitleWrong_one = { message: '$COUNT$', placeholders: { count: { content: '$1' } } };
    expect(problemsOf(catalogues)).toEqual(
      ['ja: badgeTitleWrong_one is not expected', 'ar: badgeTitleWrong_few is missing'].sort(),
    );
  });

  it('finds placeholders that differ from English, are out of order, unused or undeclared', () => {
    const catalogues = shipped();
    const fr = catalogues.get('fr')!;
    fr.verdictWithCredibility = {
      message: '$VERDICT$, crédibilité $PERCENT$',
      placeholders: { verdict: { content: '$1' }, percent: { content: '$2' } },
    };
    fr.badgeTitleWrong_one = { message: 'Factlight : $N$', placeholders: { count: { content: '$1' } } };
    catalogues.get('de')!.verdictWithCredibility = { message: '$VERDICT$ $1' };
    expect(problemsOf(catalogues)).toEqual(
      [
        'fr: badgeTitleWrong_one: placeholder $COUNT$ is declared but not used',
        'fr: badgeTitleWrong_one: $N$ is not declared',
        'fr: verdictWithCredibility: placeholder verdict is "$1", must be "$2" (alphabetical order)',
        'fr: verdictWithCredibility: placeholder percent is "$2", must be "$1" (alphabetical order)',
        'de: verdictWithCredibility: placeholders [], English has [percent, verdict]',
        'de: verdictWithCredibility: $VERDICT$ is not declared',
        'de: verdictWithCredibility: uses a positional $n; name it with a placeholder',
      ].sort(),
    );
  });

  it('lets a form that stands for one number say it in words (Arabic "two"), but not one that stands for several', () => {
    const catalogues = shipped();
    // Arabic "two" is exactly 2: "ادعاءان" needs no digit. French "one" is 0 and 1: it must show the count.
    expect(catalogues.get('ar')!.badgeTitleWrong_two!.message).not.toContain('$COUNT$');
    catalogues.get('fr')!.badgeTitleWrong_one = {
      message: 'Factlight : une affirmation réfutée',
      placeholders: { count: { content: '$1' } },
    };
    expect(problemsOf(catalogues)).toEqual(
      ['fr: badgeTitleWrong_one: placeholder $COUNT$ is declared but not used'].sort(),
    );
  });

  it('keeps the manifest strings within the stores’ limits in every locale, and localeCode true', () => {
    const catalogues = shipped();
    catalogues.get('pt_BR')!.extDescription = { message: 'x'.repeat(133) };
    catalogues.get('ar')!.extName = { message: 'ف'.repeat(76) };
    catalogues.get('ja')!.localeCode = { message: 'en' };
    catalogues.get('zh_CN')!.menuCheckPage = { message: ' ' };
    expect(problemsOf(catalogues)).toEqual(
      [
        'pt_BR: extDescription has 133 characters (at most 132)',
        'ja: localeCode is "en", must be the folder name',
        'zh_CN: menuCheckPage: empty message',
        'ar: extName has 76 characters (at most 75)',
      ].sort(),
    );
  });

  it('wants a description for translators on every English message, and `count` only in plural messages', () => {
    const catalogues = shipped();
    const en = catalogues.get('en')!;
    delete en.menuCheckPage!.description;
    en.menuCheckPage!.message = 'Fact-check $COUNT$ pages';
    en.menuCheckPage!.placeholders = { count: { content: '$1' } };
    const problems = catalogueProblems(catalogues);
    expect(problems).toContain('en: menuCheckPage has no description for translators');
    expect(problems).toContain(
      'en: menuCheckPage has a count but is not a plural message (menuCheckPage_one, menuCheckPage_other)',
    );
  });

  it('keeps the Arabic steps right to left: no arrow between two Latin runs without an RLM or isolate', () => {
    const arabic = readCatalogues(LOCALES_DIR).get('ar')!;
    expect(arrowProblems('ar', arabic)).toEqual([]);
    // The shipped steps carry an RLM each side of the arrow (Unicode bidi rule N1 would make it left-to-right).
    expect(arabic.settingsHintOpenai?.message ?? '').toContain('platform.openai.com \u200f←\u200f API keys');
    const catalogue = (message: string): Catalogue => ({ step: { message } });
    expect(arrowProblems('ar', catalogue('أنشئ مفتاحًا في platform.openai.com ← API keys.'))).toEqual([
      'ar: step has an arrow between two Latin runs with no RLM or isolate beside it',
    ]);
    expect(arrowProblems('ar', catalogue('(Developer → Start server)'))).toHaveLength(1);
    // Isolated runs, an RLM, or Arabic on one side read right; a left-to-right locale is not held to it.
    expect(arrowProblems('ar', catalogue('في \u2066platform.openai.com\u2069 ← \u2066API keys\u2069'))).toEqual([]);
    expect(arrowProblems('ar', catalogue('Developer \u200f← Start server'))).toEqual([]);
    expect(arrowProblems('ar', catalogue('«الإعدادات» ← «التحقق» ← Start'))).toEqual([]);
    expect(arrowProblems('en', catalogue('Developer ← Start server'))).toEqual([]);
  });
});
