/**
 * The headline and the failure sentence in the interface language: the core decides what they say (codes
 * and counts), the catalogue words them. In English the words are the core's own English, so the two can
 * never drift apart; in every other language the line still leads with what is wrong, with the counts the
 * verdicts beneath it have, and a failure reads as a failure.
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import type { ClaimScore } from '../../../../lib/core/score/credibility';
import { englishFailure, failureOf } from '../../../../lib/core/score/failures';
import { checkHeadline, type HeadlineInput, summarizeScores } from '../../../../lib/core/score/headline';
import type { Verdict } from '../../../../lib/core/types';
import { type Catalogue, LOCALES } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { countsWords, failureWords, headlineWords } from '../../../../lib/view/headline-words';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;

async function speak(locale: string): Promise<Catalogue> {
  const messages = await catalogue(locale);
  setMessageSource(catalogueSource(locale, messages, locale === 'en' ? {} : await catalogue('en')));
  return messages;
}

function summaryOf(verdicts: Verdict[]) {
  const value = (verdict: Verdict) => (verdict === 'supported' ? 1 : verdict === 'refuted' ? 0 : null);
  return summarizeScores(
    verdicts.map((verdict, index): ClaimScore => ({
      claimId: `c${index}`,
      verdict,
      score: { value: value(verdict), band: 'unknown', checked: 1, total: 1 },
    })),
  );
}

const headline = (verdicts: Verdict[], more: Partial<HeadlineInput> = {}) =>
  checkHeadline({ status: 'done', summary: summaryOf(verdicts), ...more });

/** Every kind of headline the core makes. */
const HEADLINES: Array<[string, ReturnType<typeof checkHeadline>]> = [
  ['judged, one refuted', headline(['supported', 'refuted', 'supported', 'could-not-check'])],
  ['judged, two disputed', headline(['disputed', 'disputed', 'not-enough-evidence'])],
  ['all supported', headline(['supported'])],
  ['failed, every claim', headline(['could-not-check', 'could-not-check', 'could-not-check'])],
  ['failed, one claim', headline(['could-not-check'])],
  ['failed, no claims', headline([], { status: 'failed' })],
  ['nothing to check', headline([])],
  ['running', headline(['refuted', 'could-not-check', 'could-not-check'], { status: 'running', pending: 2 })],
  ['running, finishing', headline(['supported'], { status: 'running', pending: 0 })],
  ['running, nothing yet', headline(['could-not-check'], { status: 'running', pending: 1 })],
  ['running, no claims yet', headline([], { status: 'running' })],
  [
    'left out, different',
    headline(['supported', 'supported'], { leftOut: { sources: 2, withAll: { refuted: 1, supported: 1 } } }),
  ],
  ['left out, same', headline(['supported'], { leftOut: { sources: 1, withAll: { supported: 1 } } })],
  ['sources, failed', headline([], { evidenceOnly: true, status: 'failed' })],
  ['sources, running', headline([], { evidenceOnly: true, status: 'running', sources: { found: 1, lookedUp: 3 } })],
  ['sources, starting', headline([], { evidenceOnly: true, status: 'running' })],
  ['sources, found', headline([], { evidenceOnly: true, sources: { found: 4, lookedUp: 2 } })],
  ['sources, none to look up', headline([], { evidenceOnly: true, sources: { found: 0, lookedUp: 0 } })],
  ['sources, history row', headline([], { evidenceOnly: true })],
];

describe('headlineWords', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('in English, says exactly what the core says in English (the CLI and the JSON export)', async () => {
    await speak('en');
    for (const [name, each] of HEADLINES) {
      const words = headlineWords(each);
      expect({ name, ...words }).toEqual({
        name,
        text: each.text,
        word: each.word,
        ...(each.progress ? { progress: each.progress } : {}),
        ...(each.average ? { average: each.average } : {}),
        ...(each.leftOut ? { leftOut: each.leftOut } : {}),
      });
    }
  });

  it('in Arabic: what is wrong first, the counts of the verdicts beneath it, Arabic digits, no English', async () => {
    const ar = await speak('ar');
    const mixed = headline(['supported', 'refuted', 'supported', 'supported', 'could-not-check']);
    const words = headlineWords(mixed);
    // Numbers as Intl writes them for Arabic (this Node's ICU may use Latin or Arabic-Indic digits).
    const n = (value: number) => new Intl.NumberFormat('ar').format(value);
    // One refuted (its own singular form) · 3 supported (the "few" form) · one that could not be checked.
    expect(words.text).toBe(`ادعاء واحد مُفنَّد · ${n(3)} ادعاءات مؤيَّدة بالأدلة · ادعاء واحد تعذّر التحقق منه`);
    expect(words.word).toBe(ar.headlineWordRefutedOne!.message);
    expect(words.progress).toBe(`تم التحقق من ${n(4)} من أصل ${n(5)} ادعاءات`);
    const percent = new Intl.NumberFormat('ar', { style: 'percent', maximumFractionDigits: 0 }).format(0.75);
    expect(words.average).toBe(`متوسط تأييد المصادر: ${percent} عبر ${n(4)} ادعاءات محكوم عليها`);
    expect(headlineWords(headline(['could-not-check', 'could-not-check', 'could-not-check'])).text).toBe(
      `فشل التحقق: تعذّر الحكم على أيٍّ من الادعاءات الـ${n(3)}`,
    );
    for (const value of Object.values(words)) expect(value).not.toMatch(/[A-Za-z]/);
  });

  it('in every shipped language: a message for every part, the refuted count before the supported one', async () => {
    const mixed = headline(['supported', 'supported', 'refuted']);
    for (const locale of LOCALES) {
      await speak(locale);
      const english = (await catalogue('en')) as Catalogue;
      for (const [name, each] of HEADLINES) {
        const words = headlineWords(each);
        // A missing message reads as its key (headlineCount…): never shown.
        for (const value of Object.values(words)) expect(`${locale} ${name}: ${value}`).not.toMatch(/headline\w+/);
      }
      const text = headlineWords(mixed).text;
      const [first, second] = text.split(' · ');
      expect(second, `${locale}: ${text}`).toBeDefined();
      // The refuted count leads: the first part is the refuted message's words, not the supported one's.
      const refutedWords = countsWords({ refuted: 1 });
      expect(first, locale).toBe(refutedWords);
      if (locale !== 'en') expect(text, locale).not.toBe(english.headlineCountRefuted_one!.message);
    }
  });
});

describe('failureWords', () => {
  afterEach(() => setMessageSource(browserSource()));
  const cause = 'Could not reach http://127.0.0.1:8080/v1.';

  it('in English, says what the core says (the stored error and the export)', async () => {
    await speak('en');
    const cases = [
      failureOf([{ message: cause, claims: 3 }], 3)!,
      failureOf([{ message: cause, claims: 1 }], 1)!,
      failureOf([{ message: cause, claims: 2 }], 5)!,
      failureOf(
        [
          { message: cause, claims: 2 },
          { message: 'HTTP 500', claims: 1 },
          { message: 'HTTP 502', claims: 1 },
        ],
        6,
      )!,
    ];
    for (const failure of cases) expect(failureWords(failure)).toBe(englishFailure(failure));
    expect(failureWords(cases[3]!)).toBe(`4 of 6 claims could not be judged: ${cause} (and 2 other reasons)`);
  });

  it('in French and Arabic, with the cause as given and the locale’s own colon and plural', async () => {
    await speak('fr');
    const some = failureOf(
      [
        { message: cause, claims: 2 },
        { message: 'HTTP 500', claims: 1 },
      ],
      5,
    )!;
    expect(failureWords(some)).toBe(
      `Échec de l’évaluation\u00a0: 3 sur 5 affirmations\u00a0: ${cause} (et 1 autre raison)`,
    );
    await speak('ar');
    expect(failureWords(failureOf([{ message: cause, claims: 2 }], 2)!)).toBe(`تعذّر الحكم على كلا الادعاءين: ${cause}`);
  });
});
