/**
 * The headline and the failure sentence in the interface language: the core decides what they say (codes
 * and counts), the catalogue words them, the one wording: in English the words the core once made itself and
 * `npm run check` prints; in every other language the line still leads with what is wrong, with the counts the
 * verdicts beneath it have, and a failure reads as a failure.
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { englishError } from '../../../../lib/core/error-notices';
import type { ClaimScore } from '../../../../lib/core/score/credibility';
import { failureOf } from '../../../../lib/core/score/failures';
import { checkHeadline, type HeadlineInput, summarizeScores } from '../../../../lib/core/score/headline';
import type { Verdict } from '../../../../lib/core/types';
import { type Catalogue, LOCALES } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { createTranslator } from '../../../../lib/i18n/translator';
import { errorWords } from '../../../../lib/view/error-words';
import { countsWords, failureWords, headlineWords, INTERFACE_WORDS } from '../../../../lib/view/headline-words';

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

  it('in English, says what the core said in English before it kept codes only (the CLI prints these words)', async () => {
    await speak('en');
    // The words lib/core/score/headline.ts made itself until the codes: the catalogue says exactly the same.
    const english: Record<
      string,
      { text: string; word: string; progress?: string; average?: string; leftOut?: string }
    > = {
      'judged, one refuted': {
        text: '1 refuted · 2 supported · 1 could not be checked',
        word: 'contains a refuted claim',
        progress: '3 of 4 claims checked',
        average: 'Average support from sources: 67% across 3 judged claims',
      },
      'judged, two disputed': {
        text: '2 disputed · 1 without enough evidence',
        word: 'contains disputed claims',
        progress: '3 of 3 claims checked',
      },
      'all supported': {
        text: '1 supported',
        word: 'every checked claim is supported',
        progress: '1 of 1 claim checked',
        average: 'Average support from sources: 100% across 1 judged claim',
      },
      'failed, every claim': {
        text: 'Check failed: none of the 3 claims could be judged',
        word: 'check failed',
        progress: '0 of 3 claims checked',
      },
      'failed, one claim': {
        text: 'Check failed: the claim could not be judged',
        word: 'check failed',
        progress: '0 of 1 claim checked',
      },
      'failed, no claims': { text: 'Check failed', word: 'check failed', progress: '0 of 0 claims checked' },
      'nothing to check': { text: 'No factual claims to check', word: 'no claims to check' },
      running: {
        text: '1 refuted so far · 2 claims still being checked',
        word: 'checking',
        progress: '1 of 3 claims checked',
        average: 'Average support from sources: 0% across 1 judged claim',
      },
      'running, finishing': {
        text: '1 supported so far · finishing…',
        word: 'checking',
        progress: '1 of 1 claim checked',
        average: 'Average support from sources: 100% across 1 judged claim',
      },
      'running, nothing yet': { text: 'Checking 1 claim…', word: 'checking', progress: '0 of 1 claim checked' },
      'running, no claims yet': { text: 'Looking for claims…', word: 'checking', progress: '0 of 0 claims checked' },
      'left out, different': {
        text: '2 supported',
        word: 'contains a refuted claim',
        progress: '2 of 2 claims checked',
        average: 'Average support from sources: 100% across 2 judged claims',
        leftOut: '2 sources you left out are not counted; with every source counted: 1 refuted · 1 supported',
      },
      'left out, same': {
        text: '1 supported',
        word: 'every checked claim is supported',
        progress: '1 of 1 claim checked',
        average: 'Average support from sources: 100% across 1 judged claim',
        leftOut: '1 source you left out is not counted; the verdicts are the same with every source counted',
      },
      'sources, failed': { text: 'Search failed: no sources could be found', word: 'search failed' },
      'sources, running': { text: 'Looking up 3 sentences… 1 source so far', word: 'looking for sources' },
      'sources, starting': { text: 'Looking for sources…', word: 'looking for sources' },
      'sources, found': { text: 'Sources to compare: 4 found for 2 sentences', word: 'sources to compare, not judged' },
      'sources, none to look up': {
        text: 'Nothing to look up: no sentence states a number, a date or a name',
        word: 'sources to compare, not judged',
      },
      'sources, history row': { text: 'Sources to compare', word: 'sources to compare, not judged' },
    };
    for (const [name, each] of HEADLINES) expect({ name, ...headlineWords(each) }).toEqual({ name, ...english[name] });
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

  it('in English, says what the core said before it kept counts only (the CLI, the export, old stored errors)', async () => {
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
      failureOf(
        [
          { message: cause, claims: 1 },
          { message: 'HTTP 500', claims: 1 },
        ],
        2,
      )!,
    ];
    expect(cases.map((failure) => failureWords(failure))).toEqual([
      `None of the 3 claims could be judged: ${cause}`,
      `The claim could not be judged: ${cause}`,
      `2 of 5 claims could not be judged: ${cause}`,
      `4 of 6 claims could not be judged: ${cause} (and 2 other reasons)`,
      `None of the 2 claims could be judged: ${cause} (and 1 other reason)`,
    ]);
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
    // The English cause in an isolate (U+2068 … U+2069): its full stop stays at its own end in the Arabic sentence.
    expect(failureWords(failureOf([{ message: cause, claims: 2 }], 2)!)).toBe(
      `تعذّر الحكم على كلا الادعاءين: \u2068${cause}\u2069`,
    );
  });

  it('isolates only in right-to-left words: English words of their own stay plain in an Arabic interface', async () => {
    await speak('ar');
    const failure = failureOf([{ message: cause, claims: 1 }], 1)!;
    const english = createTranslator(catalogueSource('en', await catalogue('en')));
    expect(failureWords(failure, undefined, english)).toBe(`The claim could not be judged: ${cause}`);
  });

  it('words a coded cause when the words say they are the interface language’s, not by being one object', async () => {
    await speak('fr');
    const notice = { code: 'timed-out', provider: 'OpenAI' } as const;
    const failure = failureOf([{ message: englishError(notice), claims: 1, notice }], 1)!;
    const interfaceCopy = { ...INTERFACE_WORDS };
    expect(failureWords(failure, undefined, interfaceCopy)).toBe(failureWords(failure));
    expect(failureWords(failure)).toContain(errorWords(notice));
    // Words of a catalogue of their own (the English export) take the English the run stored.
    const english = createTranslator(catalogueSource('en', await catalogue('en')));
    expect(failureWords(failure, undefined, english)).toBe(`The claim could not be judged: ${englishError(notice)}`);
  });
});
