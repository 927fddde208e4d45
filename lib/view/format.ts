/**
 * Small formatting helpers shared by the side panel and the Markdown report, in the interface language's
 * own conventions (Intl with the catalogue's locale, lib/i18n/i18n.ts: "72 %" in French, not "72%").
 */
import { formatNumber, uiLocale } from '../i18n/i18n';

/** "72%" for 0.72; an em dash when there is no value. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined
    ? '—'
    : formatNumber(Math.round(value * 100) / 100, { style: 'percent', maximumFractionDigits: 0 });
}

/** A day written without a time of day, or at midnight (in UTC, in the writer's zone, or with no zone). */
const UTC_DAY = /^(\d{4}-\d{2}-\d{2})(?:T00:00(?::00(?:\.0+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A day without a time of day, as UTC midnight: "2019-05-02", or a date-time at midnight, which is how a fact-check
 * review gives its day ("2019-05-02T00:00:00Z", or "…T00:00:00+02:00" from a European publisher): the day the
 * writer meant. Formatted as an instant in the reader's zone, it could read the day before.
 */
export function utcDay(value: string): Date | undefined {
  const match = UTC_DAY.exec(value);
  if (!match) return undefined;
  const date = new Date(`${match[1]}T00:00:00Z`);
  // V8 rolls a day the month lacks over ("2024-02-30" → 1 March): such a value is not a day, and is shown as given.
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== match[1] ? undefined : date;
}

/** A day from `utcDay` as `locale` writes it (the medium style: "May 2, 2024", "2 may 2024"). */
export function utcDayWords(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * A publication date as the interface language writes it. Dates come from pages, so anything unparseable is
 * returned as given (it is rendered as text, never as markup).
 */
export function formatDate(value: string | number | undefined, withTime = false): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' && UTC_DAY.test(value)) {
    const day = utcDay(value);
    return day ? utcDayWords(day, uiLocale()) : value;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : undefined;
  return new Intl.DateTimeFormat(uiLocale(), {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' as const } : {}),
  }).format(date);
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "2 hours ago", "yesterday", "now": how long ago `time` was, as the interface language says it (Intl). */
export function formatRelative(time: number, now: number = Date.now()): string {
  const elapsed = time - now;
  const format = new Intl.RelativeTimeFormat(uiLocale(), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS)
    if (Math.abs(elapsed) >= size) return format.format(Math.round(elapsed / size), unit);
  return format.format(0, 'second');
}

/** The first `max` characters of a text on one line, with an ellipsis when cut. */
export function preview(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}
