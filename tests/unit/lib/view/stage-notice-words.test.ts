/**
 * A contained step's warning (lib/core/stage-notices.ts) in words: in English exactly what the run stored
 * before the codes (so the CLI and the JSON export say what they said), in the interface language when shown,
 * with its counts in that language's plural and number format and its cause worded from its own code. In a
 * right-to-left interface the claim and the cause sit in first-strong isolates.
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { BudgetExceededError } from '../../../../lib/core/model/usage-meter';
import type { RunNotice } from '../../../../lib/core/notices';
import { causeOf, englishStageNotice, type StageNotice, stageWarning } from '../../../../lib/core/stage-notices';
import { type Catalogue, LOCALES, toLanguageTag } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { createTranslator } from '../../../../lib/i18n/translator';
import { warningWords } from '../../../../lib/view/notice-words';
import { stageNoticeWords } from '../../../../lib/view/stage-notice-words';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
const wordsOf = async (locale: string) => createTranslator(catalogueSource(locale, await catalogue(locale)));
/** The interface in `locale`, with English beside it as the browser's catalogues are. */
const interfaceIn = async (locale: string) =>
  setMessageSource(catalogueSource(locale, await catalogue(locale), await catalogue('en')));

const KEY_REJECTED = {
  code: 'key-rejected',
  provider: 'OpenAI',
  detail: 'Incorrect API key provided',
} as const;
const KEY_REJECTED_ENGLISH =
  'OpenAI rejected the API key (401: Incorrect API key provided): check the API key in the settings.';

const EVERY_NOTICE: StageNotice[] = [
  { code: 'links-capped', where: 'text', found: 35, checked: 30 },
  { code: 'links-capped', where: 'explanation', found: 1_200, checked: 30 },
  { code: 'links-not-checked', cause: 'The request was cancelled.' },
  { code: 'explanations-not-scored', cause: KEY_REJECTED_ENGLISH, causeNotice: KEY_REJECTED },
  { code: 'citations-not-attributed', cause: 'boom' },
  { code: 'revisions-not-written', cause: 'boom' },
  { code: 'source-types-not-classified', cause: 'boom' },
  { code: 'cache-failed', cause: 'QuotaExceededError' },
  { code: 'passages-by-words', cause: 'OpenAI had a server error (500).' },
  { code: 'explanation-not-refined', claim: 'The wall is visible from the Moon', cause: 'boom' },
];

/** A check that ran one warning: listed by its English words, its code beside them. */
const checkWith = (notice: StageNotice) => {
  const words = englishStageNotice(notice);
  return { warnings: [words], notices: { [words]: notice as RunNotice } };
};

describe('stageNoticeWords', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('in English (the CLI, the JSON export) says exactly what the run stored before the codes', async () => {
    const english = await wordsOf('en');
    for (const notice of EVERY_NOTICE)
      expect(stageNoticeWords(notice, english), notice.code).toBe(englishStageNotice(notice));
  });

  it('in a German interface says each warning in German, its count in German form', async () => {
    await interfaceIn('de');
    const german = EVERY_NOTICE.map((notice) => warningWords(checkWith(notice))[0]);
    expect(german).toEqual([
      'Der Text zitiert 35 Links; die ersten 30 wurden geprüft.',
      'Die Erklärung zitiert 1.200 Links; die ersten 30 wurden geprüft.',
      'Die Links im Text konnten nicht geprüft werden: The request was cancelled.',
      // The cause has a code: worded in German too.
      'Die Erklärungen konnten nicht bewertet werden: OpenAI hat den API-Schlüssel abgelehnt ' +
        '(401: Incorrect API key provided): Prüfen Sie den API-Schlüssel in den Einstellungen.',
      'Die Zitate des Texts konnten ihren Quellen nicht zugeordnet werden: boom',
      'Die Korrekturen konnten nicht geschrieben werden: boom',
      'Die Quellentypen konnten nicht bestimmt werden: boom',
      'Der Cache funktioniert nicht, daher wird diesmal nichts wiederverwendet oder gespeichert (QuotaExceededError).',
      'Die Textstellen wurden nur nach Wortübereinstimmung ausgewählt, weil das Embedding-Modell fehlgeschlagen ist: ' +
        'OpenAI had a server error (500).',
      'Die Erklärung zu „The wall is visible from the Moon“ konnte nicht verfeinert werden: boom',
    ]);
  });

  it("words the English of a German interface's export with the English cause as the run stored it", async () => {
    await interfaceIn('de');
    const scored = EVERY_NOTICE[3]!;
    expect(warningWords(checkWith(scored), await wordsOf('en'))).toEqual([englishStageNotice(scored)]);
  });

  it('takes the plural form of the count in each language (Arabic: 31 links, 100 links)', async () => {
    const arabic = await wordsOf('ar');
    const capped = (found: number): StageNotice => ({ code: 'links-capped', where: 'text', found, checked: 30 });
    expect(stageNoticeWords(capped(31), arabic)).toBe('يستشهد النص بـ31 رابطًا؛ جرى فحص أول 30 منها.');
    expect(stageNoticeWords(capped(100), arabic)).toBe('يستشهد النص بـ100 رابط؛ جرى فحص أول 30 منها.');
    const hindi = await wordsOf('hi');
    expect(stageNoticeWords(capped(31), hindi)).toBe('पाठ 31 लिंक उद्धृत करता है; पहले 30 जाँचे गए।');
  });

  it('chooses every plural form the catalogue requires by the count, in every language', async () => {
    const capped = (found: number, where: 'text' | 'explanation'): StageNotice => ({
      code: 'links-capped',
      where,
      found,
      checked: 30,
    });
    // English: "1 link" as the catalogue's `_one`, and the words the run stores say the same.
    const english = await wordsOf('en');
    expect(stageNoticeWords(capped(1, 'text'), english)).toBe('The text cites 1 link; the first 30 were checked.');
    expect(stageNoticeWords(capped(1, 'explanation'), english)).toBe(englishStageNotice(capped(1, 'explanation')));
    // Arabic: its dual for 2, its own forms for 0 and 1.
    const arabic = await wordsOf('ar');
    expect(stageNoticeWords(capped(2, 'text'), arabic)).toBe('يستشهد النص برابطين؛ جرى فحص أول 30 منها.');
    expect(stageNoticeWords(capped(1, 'text'), arabic)).toBe('يستشهد النص برابط واحد؛ جرى فحص أول 30 منها.');
    expect(stageNoticeWords(capped(0, 'explanation'), arabic)).toBe('يستشهد الشرح بـ0 رابط؛ جرى فحص أول 30 منها.');
    // Each locale: a count of each of its CLDR categories takes that category's own message.
    for (const locale of LOCALES) {
      const own = await catalogue(locale);
      const words = createTranslator(catalogueSource(locale, own));
      const rules = new Intl.PluralRules(toLanguageTag(locale));
      for (const category of rules.resolvedOptions().pluralCategories) {
        const found = [0, 1, 2, 3, 11, 100, 1_000_000].find((count) => rules.select(count) === category)!;
        for (const where of ['text', 'explanation'] as const) {
          const key = where === 'text' ? 'noticeTextLinksCapped' : 'noticeExplanationLinksCapped';
          const form = own[`${key}_${category}`]!.message;
          const expected = form.replace('$CHECKED$', '30').replace('$COUNT$', words.formatNumber(found));
          expect(stageNoticeWords(capped(found, where), words), `${locale} ${category}`).toBe(expected);
        }
      }
    }
  });

  it("words a step's cause that is the token budget running out in the interface language, its English kept", async () => {
    const [stored, notice] = stageWarning({
      code: 'explanations-not-scored',
      ...causeOf(new BudgetExceededError(20_000, 20_418)),
    });
    // The English the run lists it by (and the CLI reads) is what it was before the code.
    expect(stored).toBe(
      'The explanations could not be scored: The token budget for this check is used up (20418 of 20000 tokens).',
    );
    await interfaceIn('es');
    expect(warningWords({ warnings: [stored], notices: { [stored]: notice } })).toEqual([
      'No se pudieron puntuar las explicaciones: El presupuesto de tokens de esta verificación se agotó (20.418 de 20.000 tokens).',
    ]);
  });

  it('in an Arabic interface isolates the claim and the cause, so English runs keep their punctuation', async () => {
    await interfaceIn('ar');
    const refined: StageNotice = {
      code: 'explanation-not-refined',
      claim: 'The wall is visible!',
      cause: 'HTTP 500.',
    };
    expect(warningWords(checkWith(refined))).toEqual([
      'تعذّر تحسين شرح «\u2068The wall is visible!\u2069»: \u2068HTTP 500.\u2069',
    ]);
  });
});

describe('warningWords with codes it does not know', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('shows the stored words of a warning whose code this version does not know (a newer version wrote it)', async () => {
    await interfaceIn('de');
    const stored = 'The fact-check archive could not be searched: boom';
    const unknown = { code: 'archive-not-searched', cause: 'boom' } as unknown as RunNotice;
    expect(warningWords({ warnings: [stored], notices: { [stored]: unknown } })).toEqual([stored]);
  });
});
