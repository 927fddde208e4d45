/**
 * When the event a claim is about happened, as far as the claim's own words say (a full date, a month, or
 * a year), and whether a piece of evidence was published before it. A page written before an event cannot
 * report it: the judge is told each passage's date, and the card warns the reader as well.
 *
 * Deliberately cautious: the earliest date the claim names is taken (evidence older than that predates
 * the whole event), dates after today are ignored (a prediction), and a bare number counts as a year only
 * where a year is expected ("in 2019", "the 2019 election", "2019's"), never "2019 people".
 */

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = `(${MONTHS.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?`;

/** A period the claim names: its first day (ISO), how precisely it was named, and the words used. */
export interface EventDate {
  start: string;
  precision: 'day' | 'month' | 'year';
  text: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthNumber = (name: string) =>
  MONTHS.findIndex((month) => month.startsWith(name.toLowerCase().replace('.', '').slice(0, 3))) + 1;

/** Words after which a bare four-digit number is a year. */
const YEAR_BEFORE =
  /\b(?:in|on|since|during|from|by|of|until|till|to|through|year|years|early|late|mid|between|and|or|before|after|around|circa|c\.|the|season|fiscal|fy)\s*-?$/i;
/** What may follow a year: the end, punctuation, "'s", or words of events. */
const YEAR_AFTER =
  /^(?:$|[\s]*[,.;:)!?'’–-]|'s|’s|\s+(?:election|elections|season|census|olympics|games|world cup|budget|report|survey|championship|war|crisis|pandemic|earthquake|summit|final|finals|tournament|campaign|act|law|agreement|accord|treaty|and|to|through|until|when|after|before)\b|\s+(?:the|a|an|it|he|she|they|we|there|this|that|its|his|her|their)\s)/i;
/** A capitalised word after the year starts a new phrase ("In 2021 NASA said …"), not a count of things. */
const YEAR_THEN_NAME = /^\s+\p{Lu}/u;

/** Every date the claim names, in text order. */
export function datesInClaim(text: string): EventDate[] {
  const found: Array<EventDate & { at: number; end: number }> = [];
  const add = (at: number, end: number, date: EventDate) => {
    if (!found.some((other) => at < other.end && other.at < end)) found.push({ ...date, at, end });
  };
  for (const match of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) {
    add(match.index, match.index + match[0].length, {
      start: `${match[1]}-${match[2]}-${match[3]}`,
      precision: 'day',
      text: match[0],
    });
  }
  for (const match of text.matchAll(new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'))) {
    add(match.index, match.index + match[0].length, {
      start: `${match[3]}-${pad(monthNumber(match[1]!))}-${pad(Number(match[2]))}`,
      precision: 'day',
      text: match[0],
    });
  }
  for (const match of text.matchAll(
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})\\b`, 'gi'),
  )) {
    add(match.index, match.index + match[0].length, {
      start: `${match[3]}-${pad(monthNumber(match[2]!))}-${pad(Number(match[1]))}`,
      precision: 'day',
      text: match[0],
    });
  }
  for (const match of text.matchAll(new RegExp(`\\b${MONTH}\\s+(?:of\\s+)?(\\d{4})\\b`, 'gi'))) {
    add(match.index, match.index + match[0].length, {
      start: `${match[2]}-${pad(monthNumber(match[1]!))}-01`,
      precision: 'month',
      text: match[0],
    });
  }
  for (const match of text.matchAll(/(?<![\d.,$€£])\b(1[0-9]{3}|20[0-9]{2})\b(?![.,]\d|%)/g)) {
    const before = text.slice(Math.max(0, match.index - 20), match.index);
    const after = text.slice(match.index + 4, match.index + 24);
    if (!YEAR_BEFORE.test(before) || !(YEAR_AFTER.test(after) || YEAR_THEN_NAME.test(after))) continue;
    add(match.index, match.index + 4, { start: `${match[1]}-01-01`, precision: 'year', text: match[0] });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map(({ start, precision, text: words }) => ({ start, precision, text: words }));
}

/**
 * The event a claim is about: the earliest date it names that is not after `today` (YYYY-MM-DD), or
 * undefined when it names none.
 */
export function claimEventDate(claimText: string, today: string): EventDate | undefined {
  const dates = datesInClaim(claimText).filter((date) => date.start <= today && !Number.isNaN(Date.parse(date.start)));
  return dates.sort((a, b) => a.start.localeCompare(b.start))[0];
}

/** Whether evidence published at `publishedAt` (an ISO date or date-time) predates the event. */
export function predatesEvent(publishedAt: string | undefined, event: EventDate | undefined): boolean {
  if (!publishedAt || !event) return false;
  const published = publishedAt.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(published)) return false;
  return published < event.start;
}
