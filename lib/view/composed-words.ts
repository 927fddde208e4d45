/**
 * Evidence Factlight worded itself from structured data (`Evidence.composed`: a Wikidata statement, a fact-check's
 * review), worded in the interface language when shown: the catalogue's sentence, dates and numbers by Intl in the
 * catalogue's locale, and the values from elsewhere (labels, a claim, a reviewer's rating) as given, each isolated
 * when the interface reads right to left or the value has right-to-left letters. Evidence without `composed` (web
 * pages, rows stored before it), or with values this build cannot word, shows the English it stored: the text the
 * model read.
 */
import type {
  ComposedEvidence,
  FactCheckReviewParams,
  WikidataStatementParams,
  WikidataTime,
  WikidataValue,
} from '../core/composed-evidence';
import type { Evidence } from '../core/types';
import { t, uiDirection, uiLocale } from '../i18n/i18n';
import { isolate } from '../i18n/isolated-words';
import type { Translator } from '../i18n/translator';
import { utcDay, utcDayWords } from './format';

/** Whose words: the interface language's (the default), or a translator of its own (tests, English). */
export type ComposedSay = Pick<Translator, 't' | 'dir' | 'locale'>;

const INTERFACE: ComposedSay = {
  t,
  get dir() {
    return uiDirection();
  },
  get locale() {
    return uiLocale();
  },
};

const TIME = /^([+-])(\d+)-(\d{2})-(\d{2})T/;
const AMOUNT = /^-?\d+(\.\d+)?$/;
const ORDINAL_KEYS = {
  one: 'wikidataOrdinalOne',
  two: 'wikidataOrdinalTwo',
  few: 'wikidataOrdinalFew',
  many: 'wikidataOrdinalMany',
  zero: 'wikidataOrdinalOther',
  other: 'wikidataOrdinalOther',
} as const;

/** A strong right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms). */
const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/**
 * A value from elsewhere (a label, a claim, a rating) inside our sentence: isolated when the interface reads right
 * to left, and also when the value itself has right-to-left letters, whatever the interface: an Arabic label in an
 * English sentence would otherwise carry the sentence's punctuation to its own side.
 */
function outside(value: string, say: ComposedSay): string {
  return isolate(value, say.dir === 'rtl' || STRONG_RTL.test(value) ? 'rtl' : 'ltr');
}

/** A whole number in digits without grouping (a year: "1889", never "1,889"). */
function digits(n: number, say: ComposedSay): string {
  return new Intl.NumberFormat(say.locale, { useGrouping: false }).format(n);
}

/** Languages writing a century's or millennium's number in Roman numerals: "siglo XIX", "XIXe siècle", "século XIX". */
const ROMAN_ORDINAL_LANGUAGES = new Set(['es', 'fr', 'pt']);

const ROMAN_DIGITS: ReadonlyArray<readonly [number, string]> = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** 19 → "XIX"; for 1 to 3999, the numbers Roman numerals write. */
export function romanNumeral(n: number): string {
  let rest = n;
  let numeral = '';
  for (const [value, letters] of ROMAN_DIGITS) for (; rest >= value; rest -= value) numeral += letters;
  return numeral;
}

/**
 * "19th", "XIXe", "19.", "19वीं", "XIX": a century's or millennium's number as the language writes its ordinal, in
 * Roman numerals where the language writes them so (a number too large for them stays in digits).
 */
function ordinal(n: number, say: ComposedSay): string {
  const category = new Intl.PluralRules(say.locale, { type: 'ordinal' }).select(n);
  const roman = ROMAN_ORDINAL_LANGUAGES.has(say.locale.split(/[-_]/)[0]!.toLowerCase()) && n >= 1 && n <= 3999;
  return say.t(ORDINAL_KEYS[category], { number: roman ? romanNumeral(n) : digits(n, say) });
}

/**
 * A Wikibase time to its precision, as `formatTime` (lib/core/composed-english.ts) writes it in English: a day, a
 * month or a year by Intl (Gregorian, whatever the locale's own calendar), a decade, century or millennium by the
 * catalogue; a year before the common era with the catalogue's era. Undefined when the time cannot be read.
 */
export function timeWords({ time, precision }: WikidataTime, say: ComposedSay = INTERFACE): string | undefined {
  const match = TIME.exec(time);
  if (!match || !Number.isInteger(precision)) return undefined;
  const [, sign, yearDigits = '', monthDigits = '', dayDigits = ''] = match;
  const year = Number(yearDigits);
  const month = Number(monthDigits);
  const day = Number(dayDigits);
  const calendar = (options: Intl.DateTimeFormatOptions) => {
    // Intl writes year 0 as 1 (1 BC, with no era shown): the stored English says 0.
    if (year === 0) return undefined;
    // Only a day's precision names the day; a month's is its first.
    const [wantMonth, wantDay] = [Math.max(month, 1), options.day ? day : 1];
    // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear does not.
    const date = new Date(0);
    date.setUTCFullYear(year, wantMonth - 1, wantDay);
    if (Number.isNaN(date.getTime())) return undefined;
    // setUTCFullYear rolls a day the Gregorian calendar does not have (a Julian 29 February 1700, 31 April) into
    // the next month: that is another date, so the stored English is shown instead.
    if (date.getUTCMonth() + 1 !== wantMonth || date.getUTCDate() !== wantDay) return undefined;
    return new Intl.DateTimeFormat(say.locale, { ...options, calendar: 'gregory', timeZone: 'UTC' }).format(date);
  };
  let words: string | undefined;
  // Month and day are "00" when unknown, whatever the precision claims.
  if (precision >= 11 && month >= 1 && month <= 12 && day >= 1)
    words = calendar({ year: 'numeric', month: 'long', day: 'numeric' });
  else if (precision >= 10 && month >= 1 && month <= 12) words = calendar({ year: 'numeric', month: 'long' });
  // Intl writes year 0 as 1 (it is 1 BC): digits say what Wikidata says.
  else if (precision === 9) words = year >= 1 && year <= 9999 ? calendar({ year: 'numeric' }) : digits(year, say);
  else if (precision === 8) words = say.t('wikidataDecade', { year: digits(Math.floor(year / 10) * 10, say) });
  else if (precision === 7)
    words = say.t('wikidataCentury', { ordinal: ordinal(Math.max(1, Math.ceil(year / 100)), say) });
  else if (precision === 6)
    words = say.t('wikidataMillennium', { ordinal: ordinal(Math.max(1, Math.ceil(year / 1000)), say) });
  else words = digits(year, say);
  if (words === undefined) return undefined;
  return sign === '-' ? say.t('wikidataBce', { date: words }) : words;
}

/** Degrees to 4 decimals (about 10 m), as the English passage rounds them. */
function degrees(value: number, say: ComposedSay): string {
  return new Intl.NumberFormat(say.locale, { maximumFractionDigits: 4 }).format(Number(Math.abs(value).toFixed(4)));
}

/** A statement's value in words; labels and texts from Wikidata as given. */
export function valueWords(value: WikidataValue, say: ComposedSay = INTERFACE): string | undefined {
  switch (value.kind) {
    case 'text':
      return outside(value.text, say);
    case 'time':
      return timeWords(value, say);
    case 'quantity': {
      // Wikibase amounts are exact decimals of any length: formatted from the string (no float on the way), exact to
      // 20 decimals, the most Intl gives; a longer fraction is rounded there.
      const amount = AMOUNT.test(value.amount)
        ? new Intl.NumberFormat(say.locale, { maximumFractionDigits: 20 }).format(
            value.amount as Intl.StringNumericLiteral,
          )
        : outside(value.amount, say);
      return value.unit ? say.t('wikidataQuantity', { amount, unit: outside(value.unit, say) }) : amount;
    }
    case 'coordinates': {
      const { latitude, longitude } = value;
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
      return say.t('wikidataCoordinates', {
        latitude: say.t(latitude >= 0 ? 'wikidataCoordinateNorth' : 'wikidataCoordinateSouth', {
          degrees: degrees(latitude, say),
        }),
        longitude: say.t(longitude >= 0 ? 'wikidataCoordinateEast' : 'wikidataCoordinateWest', {
          degrees: degrees(longitude, say),
        }),
      });
    }
    default:
      return undefined;
  }
}

function statementWords(params: WikidataStatementParams, say: ComposedSay): string | undefined {
  const value = valueWords(params.value, say);
  const at = (time: WikidataTime | undefined) => (time ? timeWords(time, say) : undefined);
  const [asOf, from, until] = [at(params.asOf), at(params.from), at(params.until)];
  // A dating given but not readable would silently drop a condition of the statement: the stored English says it.
  if (value === undefined || (params.asOf && !asOf) || (params.from && !from) || (params.until && !until))
    return undefined;
  const base = { subject: outside(params.subject, say), property: outside(params.property, say), value };
  if (asOf) return say.t('evidenceWikidataStatementAsOf', { ...base, date: asOf });
  if (from && until) return say.t('evidenceWikidataStatementFromTo', { ...base, start: from, end: until });
  if (from) return say.t('evidenceWikidataStatementSince', { ...base, start: from });
  if (until) return say.t('evidenceWikidataStatementUntil', { ...base, end: until });
  return say.t('evidenceWikidataStatement', base);
}

/**
 * A review's day as the language writes it, the same day the evidence's date line shows (`utcDay`, format.ts); a
 * date that is not one is shown as the English passage shows it.
 */
function reviewDay(reviewDate: string, say: ComposedSay): string {
  const day = reviewDate.slice(0, 10);
  const date = utcDay(reviewDate) ?? utcDay(day);
  return date ? utcDayWords(date, say.locale) : outside(day, say);
}

function reviewWords(params: FactCheckReviewParams, say: ComposedSay): string | undefined {
  // "was rated “”", "Fact-check by :": without these the sentence says nothing; the stored English is shown.
  if (!params.publisher.trim() || !params.claimText.trim() || !params.textualRating.trim()) return undefined;
  const words = {
    publisher: outside(params.publisher, say),
    claim: outside(params.claimText, say),
    rating: outside(params.textualRating, say),
  };
  const claimant = params.claimant ? outside(params.claimant, say) : undefined;
  const date = params.reviewDate ? reviewDay(params.reviewDate, say) : undefined;
  if (date && claimant) return say.t('evidenceFactCheckDatedClaimant', { ...words, date, claimant });
  if (date) return say.t('evidenceFactCheckDated', { ...words, date });
  if (claimant) return say.t('evidenceFactCheckClaimant', { ...words, claimant });
  return say.t('evidenceFactCheck', words);
}

/** The composed passage in words, or undefined when there is none or it cannot be worded. */
export function composedPassageWords(
  composed: ComposedEvidence | undefined,
  say: ComposedSay = INTERFACE,
): string | undefined {
  switch (composed?.code) {
    case 'wikidata-statement':
      return statementWords(composed.params, say);
    case 'fact-check-review':
      return reviewWords(composed.params, say);
    default:
      return undefined;
  }
}

/** What a person reads as the evidence's passage: the composed words, or the stored text. */
export function evidencePassage(item: Pick<Evidence, 'passage' | 'composed'>, say: ComposedSay = INTERFACE): string {
  return composedPassageWords(item.composed, say) ?? item.passage;
}

/**
 * The passage's `dir`: the interface's (undefined, inherited) for words of ours, whose values are isolated when
 * they or the interface read right to left (`outside`), "auto"
 * for a stored text, which keeps its own direction (a page's words, the English the model read).
 */
export function evidencePassageDir(item: Pick<Evidence, 'passage' | 'composed'>): 'auto' | undefined {
  return composedPassageWords(item.composed) === undefined ? 'auto' : undefined;
}

/**
 * What a person reads as the evidence's title: a Wikidata statement's item named in the interface language's
 * words; otherwise the stored title (a fact-check's is the reviewer's own), the host or the address when empty.
 */
export function evidenceTitle(item: Pick<Evidence, 'source' | 'composed'>, say: ComposedSay = INTERFACE): string {
  if (item.composed?.code === 'wikidata-statement' && item.composed.params.subject)
    return say.t('evidenceWikidataTitle', { subject: outside(item.composed.params.subject, say) });
  return item.source.title || item.source.host || item.source.url;
}
