/**
 * The English Factlight writes for evidence it composes (a Wikidata statement, a fact-check's review): the passage
 * the model reads, stable for prompts and caches, and a statement's title. One function for the producers
 * (gather-evidence.ts, lib/search/wikidata.ts) and for the JSON import, which keeps a file's `composed` only when it
 * says what the file's English passage says: a view shows `composed` worded in its place.
 *
 * The connecting words ("as of", month names) are English whatever the label language, and a fixed wording keeps
 * dates unambiguous ("31 March 1889", never "3/31/1889").
 */
import type {
  ComposedEvidence,
  FactCheckReviewParams,
  WikidataStatementParams,
  WikidataTime,
  WikidataValue,
} from './composed-evidence';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "1st", "2nd", "3rd", "11th", "21st"… */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * A Wikibase time as text, to its precision: 11 → "31 March 1889", 10 → "March 1889", 9 → "1889",
 * 8 → "1880s", 7 → "19th century", 6 → "2nd millennium"; coarser ones as the bare year. Years before
 * the common era are written "44 BCE" (Wikibase stores them as "-0044", historical numbering).
 */
export function formatTime(time: string, precision: number): string | undefined {
  const match = /^([+-])(\d+)-(\d{2})-(\d{2})T/.exec(time);
  if (!match) return undefined;
  const [, sign, yearDigits = '', monthDigits = '', dayDigits = ''] = match;
  const year = Number(yearDigits);
  const month = MONTHS[Number(monthDigits) - 1];
  const day = Number(dayDigits);
  const era = sign === '-' ? ' BCE' : '';
  // Month and day are "00" when unknown, whatever the precision claims.
  if (precision >= 11 && month && day >= 1) return `${day} ${month} ${year}${era}`;
  if (precision >= 10 && month) return `${month} ${year}${era}`;
  if (precision === 8) return `${Math.floor(year / 10) * 10}s${era}`;
  // i18n-exempt: the model reads this English; views word the statement's `composed` values instead
  if (precision === 7) return `${ordinal(Math.max(1, Math.ceil(year / 100)))} century${era}`;
  // i18n-exempt: the model reads this English; views word the statement's `composed` values instead
  if (precision === 6) return `${ordinal(Math.max(1, Math.ceil(year / 1000)))} millennium${era}`;
  return `${year}${era}`;
}

/** Degrees to 4 decimals (about 10 m), trailing zeros dropped. */
function degrees(value: number, positive: string, negative: string): string {
  return `${Number(Math.abs(value).toFixed(4))}° ${value >= 0 ? positive : negative}`;
}

/** A statement's value in the passage's English. */
export function englishValue(value: WikidataValue): string {
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'time':
      return formatTime(value.time, value.precision) ?? value.time;
    case 'quantity':
      return value.unit ? `${value.amount} ${value.unit}` : value.amount;
    case 'coordinates':
      return `${degrees(value.latitude, 'N', 'S')}, ${degrees(value.longitude, 'E', 'W')}`;
  }
}

/** A statement's dating, in the one form the passage says: as of a time, or from and/or until one. */
export type Dating = Pick<WikidataStatementParams, 'asOf' | 'from' | 'until'>;

/**
 * A dating as the passage's parenthesised English suffix: " (as of 2022)", " (from 2002 to 2013)",
 * " (since 2014)", " (until 2013)", or "" — a population or an office holder is only true for a time.
 */
export function englishDating({ asOf, from, until }: Dating): string {
  const time = (at: WikidataTime) => formatTime(at.time, at.precision) ?? at.time;
  // i18n-exempt: the model reads this English; views word the statement's `composed` values instead
  if (asOf) return ` (as of ${time(asOf)})`;
  // i18n-exempt: the model reads this English; views word the statement's `composed` values instead
  if (from && until) return ` (from ${time(from)} to ${time(until)})`;
  if (from) return ` (since ${time(from)})`;
  if (until) return ` (until ${time(until)})`;
  return '';
}

function statementEnglish(params: WikidataStatementParams): { passage: string; title: string } {
  const { subject, property, value, ...dating } = params;
  return {
    // i18n-exempt: the model reads this English; views word the statement's `composed` values instead
    title: `${subject} (Wikidata)`,
    passage: `${subject} — ${property}: ${englishValue(value)}${englishDating(dating)}`,
  };
}

function reviewEnglish(review: FactCheckReviewParams): { passage: string } {
  // i18n-exempt: the model reads this English (stable for prompts and caches); views word `composed` instead
  const who = review.claimant ? ` (claimed by ${review.claimant})` : '';
  const when = review.reviewDate ? `, ${review.reviewDate.slice(0, 10)}` : '';
  return {
    // i18n-exempt: the model reads this English (stable for prompts and caches); views word `composed` instead
    passage: `Fact-check by ${review.publisher}${when}: the claim "${review.claimText}"${who} was rated "${review.textualRating}".`,
  };
}

/** The English passage (and, for a statement, the title) Factlight writes for composed evidence. */
export function composedEnglish(composed: ComposedEvidence): { passage: string; title?: string } {
  return composed.code === 'wikidata-statement' ? statementEnglish(composed.params) : reviewEnglish(composed.params);
}
