/**
 * A check's warnings in words: a coded warning is worded by the catalogue (in English, the words the run
 * stored before codes, and `npm run check` prints), one without a code, as older checks stored it, is shown
 * as it is. A count of one reads as one in every language that has a form for it.
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { englishError } from '../../../../lib/core/error-notices';
import { noticeKey, type RunNotice } from '../../../../lib/core/notices';
import { type Catalogue, LOCALES, toLanguageTag } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { createTranslator } from '../../../../lib/i18n/translator';
import { errorWords } from '../../../../lib/view/error-words';
import { INTERFACE_WORDS } from '../../../../lib/view/headline-words';
import { noticeWords, warningWords } from '../../../../lib/view/notice-words';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
const wordsOf = async (locale: string) => createTranslator(catalogueSource(locale, await catalogue(locale)));

const PASSAGES: RunNotice = { code: 'passages-not-judged', left: 3, total: 8, claim: 'The wall is visible' };
const PAGES: RunNotice = {
  code: 'pages-not-judged',
  failed: 2,
  total: 4,
  claim: 'The wall is visible',
  cause: 'HTTP 500',
};
/** Stored by checks made before the codes: the English words were the warning's key. */
const OLD_PAGES_WORDS =
  '2 of 4 pages for "The wall is visible" could not be judged (HTTP 500); the verdict rests on the other pages.';

describe('noticeWords', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('in English says what the run stored before codes', async () => {
    setMessageSource(catalogueSource('en', await catalogue('en')));
    expect(noticeWords(PASSAGES)).toBe(
      `3 of 8 passages for "The wall is visible" were not judged: the model's context window has no room for them.`,
    );
    expect(noticeWords(PAGES)).toBe(OLD_PAGES_WORDS);
  });

  it('in Arabic isolates the claim and the cause from the page, so their punctuation stays at their end', async () => {
    setMessageSource(catalogueSource('ar', await catalogue('ar')));
    const arabic = noticeWords(PAGES);
    expect(arabic).toContain('\u2068The wall is visible\u2069');
    expect(arabic).toContain('\u2068HTTP 500\u2069');
    expect(noticeWords(PASSAGES)).toContain('\u2068The wall is visible\u2069');
    // English words of their own (the export, the CLI) stay plain in an Arabic interface.
    expect(noticeWords(PAGES, await wordsOf('en'))).toBe(OLD_PAGES_WORDS);
  });

  it('words a coded source failure when the words say they are the interface language’s, not by identity', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de')));
    const failed: RunNotice = {
      code: 'source-failed',
      error: { code: 'search-http', provider: 'SearXNG', status: 500, reason: 'server' },
    };
    expect(noticeWords(failed, { ...INTERFACE_WORDS })).toBe('SearXNG hatte einen Serverfehler (500).');
    expect(noticeWords(failed, await wordsOf('en'))).toBe(englishError(failed.error));
  });

  it('words a notice with the words it is given, whatever the interface language', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de')));
    expect(noticeWords(PAGES, await wordsOf('en'))).toBe(OLD_PAGES_WORDS);
  });

  it('a count of one: one passage was not judged (not "1 of 1 passages … were")', async () => {
    const one: RunNotice = { code: 'passages-not-judged', left: 1, total: 1, claim: 'The wall' };
    const expected: Record<string, string> = {
      en: `1 of 1 passage for "The wall" was not judged: the model's context window has no room for it.`,
      es: 'No se evaluó 1 de 1 pasaje de «The wall»: no cabe en la ventana de contexto del modelo.',
      pt_BR: '1 de 1 trecho de “The wall” não foi avaliado: não cabe na janela de contexto do modelo.',
      de: '1 von 1 Textstelle zu „The wall“ wurde nicht beurteilt: Das Kontextfenster des Modells hat keinen Platz dafür.',
      fr: '1 passage sur 1 pour «\u00a0The wall\u00a0» n’a pas été évalué\u00a0: la fenêtre de contexte du modèle n’a pas de place pour lui.',
    };
    for (const [locale, words] of Object.entries(expected))
      expect(noticeWords(one, await wordsOf(locale)), locale).toBe(words);
  });

  it('a count of one page says no "other pages" in any language with a form for one', async () => {
    const one: RunNotice = { code: 'pages-not-judged', failed: 1, total: 1, claim: 'The wall', cause: 'HTTP 500' };
    const others: Record<string, RegExp> = {
      en: /other pages/,
      es: /demás páginas/,
      pt_BR: /demais páginas/,
      fr: /autres pages/,
      de: /übrigen Seiten/,
      hi: /बाकी पेजों/,
      ar: /الصفحات الأخرى/,
    };
    for (const locale of LOCALES) {
      // Japanese and Chinese have one form for every count (the notice is raised only when some pages were judged).
      if (new Intl.PluralRules(toLanguageTag(locale)).select(1) === 'other') continue;
      const words = noticeWords(one, await wordsOf(locale));
      expect(words, locale).toContain('The wall');
      expect(words, locale).not.toMatch(others[locale]!);
    }
  });
});

describe("noticeWords: Ollama's shortened context", () => {
  const SHORTENED: RunNotice = { code: 'ollama-context-shortened', tokens: 4_096 };
  /** What a check stored before the code: the words of the interface language when it ran (English here). */
  const OLD_SHORTENED_WORDS =
    "Ollama's context is 4,096 tokens: prompts were shortened; raise num_ctx in Ollama for better checks.";

  it('is worded when shown, in the language shown, its number in that language’s format', async () => {
    expect(noticeWords(SHORTENED, await wordsOf('en'))).toBe(OLD_SHORTENED_WORDS);
    expect(noticeWords(SHORTENED, await wordsOf('de'))).toBe(
      'Der Kontext von Ollama umfasst 4.096 Tokens: Prompts wurden gekürzt; erhöhen Sie num_ctx in Ollama für bessere Prüfungen.',
    );
  });

  it('a check made in English and viewed in French reads French; an old row keeps its stored English', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const french = warningWords({ warnings: [noticeKey(SHORTENED)], notices: { [noticeKey(SHORTENED)]: SHORTENED } });
    expect(french).toEqual([noticeWords(SHORTENED, await wordsOf('fr'))]);
    expect(french[0]).toContain('num_ctx');
    expect(french[0]).not.toBe(OLD_SHORTENED_WORDS);
    // Imported (no codes kept): worded from its key all the same.
    expect(warningWords({ warnings: [noticeKey(SHORTENED)] })).toEqual(french);
    expect(warningWords({ warnings: [OLD_SHORTENED_WORDS] })).toEqual([OLD_SHORTENED_WORDS]);
  });
});

describe("noticeWords: the on-device model's shortened context", () => {
  const SHORTENED: RunNotice = { code: 'on-device-context-shortened', tokens: 6_144 };

  it('is worded when shown, in the language shown, its number in that language’s format', async () => {
    expect(noticeWords(SHORTENED, await wordsOf('en'))).toBe(
      "The on-device model's context is 6,144 tokens: prompts were shortened to fit it, and what did not fit was left out.",
    );
    expect(noticeWords(SHORTENED, await wordsOf('de'))).toContain('6.144 Tokens');
    // Imported (no codes kept): worded from its key all the same.
    expect(warningWords({ warnings: [noticeKey(SHORTENED)] }, await wordsOf('ja'))).toEqual([
      noticeWords(SHORTENED, await wordsOf('ja')),
    ]);
  });
});

describe('warningWords', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('words a coded warning from its key when the check has no codes (imported), never showing the key', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    expect(warningWords({ warnings: [noticeKey(PAGES), noticeKey(PASSAGES)] })).toEqual([
      '2 von 4 Seiten zu „The wall is visible“ konnten nicht beurteilt werden (HTTP 500); das Urteil stützt sich auf die übrigen Seiten.',
      noticeWords(PASSAGES),
    ]);
    // A key that does not fit a notice (an edited file) is shown as it is, not worded from made-up fields.
    const forged = 'notice:{"code":"pages-not-judged","failed":"<b>","total":2,"claim":"x","cause":"y"}';
    expect(warningWords({ warnings: [forged] })).toEqual([forged]);
  });

  it('words a new check’s coded warnings by their key, and shows an old English one and an uncoded one as stored', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    const uncoded = 'Brave Search refused the key (HTTP 401).';
    const german =
      '2 von 4 Seiten zu „The wall is visible“ konnten nicht beurteilt werden (HTTP 500); das Urteil stützt sich auf die übrigen Seiten.';
    expect(warningWords({ warnings: [noticeKey(PAGES), uncoded], notices: { [noticeKey(PAGES)]: PAGES } })).toEqual([
      german,
      uncoded,
    ]);
    // A check stored before codes kept the English words as the key, with or without the code beside them.
    expect(warningWords({ warnings: [OLD_PAGES_WORDS], notices: { [OLD_PAGES_WORDS]: PAGES } })).toEqual([german]);
    expect(warningWords({ warnings: [OLD_PAGES_WORDS] })).toEqual([OLD_PAGES_WORDS]);
    // A search source's failure, kept as a code: worded in German, the source's name as given.
    const failed: RunNotice = {
      code: 'source-failed',
      error: { code: 'search-http', provider: 'SearXNG', status: 500, reason: 'server' },
    };
    expect(noticeWords(failed)).toBe('SearXNG hatte einen Serverfehler (500).');
  });

  it('words the cause of pages not judged from its code when it has one, and shows an uncoded cause as stored', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    const coded: RunNotice = {
      ...PAGES,
      cause: 'OpenAI took too long to answer.',
      causeNotice: { code: 'timed-out', provider: 'OpenAI' },
    };
    const german = noticeWords(coded);
    expect(german).toMatch(/^2 von 4 Seiten zu „The wall is visible“ konnten nicht beurteilt werden \(/);
    const germanCause = errorWords({ code: 'timed-out', provider: 'OpenAI' });
    expect(germanCause).toBe('OpenAI hat nicht rechtzeitig geantwortet.');
    expect(german).toContain(`(${germanCause})`);
    expect(german).not.toContain('OpenAI took too long to answer.');
    // The English words (the CLI, the JSON export) keep the cause's English as the run stored it.
    expect(noticeWords(coded, await wordsOf('en'))).toContain('(OpenAI took too long to answer.)');
    expect(noticeWords(PAGES)).toContain('(HTTP 500)');
  });
});
