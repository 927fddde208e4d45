/**
 * Plain-text renderings of Wikibase data values, for knowledge-graph evidence passages.
 *
 * Value shapes: Wikibase's canonical JSON (docs/topics/json.md in mediawiki-extensions-Wikibase,
 * "Data Values"; https://www.mediawiki.org/wiki/Wikibase/DataModel/JSON): `wikibase-entityid`
 * `{id}`, `time` `{time: "+1889-03-31T00:00:00Z", precision}`, `quantity` `{amount: "+330", unit:
 * "http://www.wikidata.org/entity/Q11573" | "1"}`, `monolingualtext` `{text, language}`, `string`, and
 * `globecoordinate` `{latitude, longitude}` (numbers, or equivalent strings).
 *
 * The connecting words ("as of", month names) are English whatever the label language: the passage is
 * read by a model, and a fixed wording keeps dates unambiguous ("31 March 1889", never "3/31/1889"). A
 * person reads the same statement from its values (`readValue`, `readDating`), worded in the interface
 * language by lib/view/composed-words.ts.
 */
import { z } from 'zod';

import type { WikidataStatementParams, WikidataTime, WikidataValue } from '../core/composed-evidence';

/** A data value as the API sends it; `value` is read per `type`, unknown types are skipped. */
export interface DataValue {
  type: string;
  value?: unknown;
}

/** The label of an entity id in the wanted language, or undefined when it was not fetched. */
export type LabelOf = (id: string) => string | undefined;

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

// The JSON format allows numbers "as an equivalent string"; non-numeric strings fail later, in isFinite.
const numeric = z.union([z.number(), z.string()]).transform(Number);
const entityValue = z.object({ id: z.string() });
const timeValue = z.object({ time: z.string(), precision: z.number().int() });
const quantityValue = z.object({ amount: z.string(), unit: z.string() });
const monolingualValue = z.object({ text: z.string() });
const globeValue = z.object({ latitude: numeric, longitude: numeric });

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

/** The item id at the end of a Wikidata concept URI ("http://www.wikidata.org/entity/Q11573" → "Q11573"). */
function unitId(unit: string): string | undefined {
  return /\/entity\/([QP]\d+)$/.exec(unit)?.[1];
}

/** Degrees to 4 decimals (about 10 m), trailing zeros dropped. */
function degrees(value: number, positive: string, negative: string): string {
  return `${Number(Math.abs(value).toFixed(4))}° ${value >= 0 ? positive : negative}`;
}

/** The entity ids whose labels `formatValue` needs: an entity value's id, a quantity's unit. */
export function valueIds(datavalue: DataValue): string[] {
  if (datavalue.type === 'wikibase-entityid') {
    const parsed = entityValue.safeParse(datavalue.value);
    return parsed.success ? [parsed.data.id] : [];
  }
  if (datavalue.type === 'quantity') {
    const parsed = quantityValue.safeParse(datavalue.value);
    const id = parsed.success ? unitId(parsed.data.unit) : undefined;
    return id ? [id] : [];
  }
  return [];
}

/**
 * A data value read for wording, or undefined when it cannot be written faithfully: unknown type, unexpected
 * shape, or an entity (value or unit) whose label is missing — "Q11573" would mean nothing to a reader.
 */
export function readValue(datavalue: DataValue, labelOf: LabelOf): WikidataValue | undefined {
  const { type, value } = datavalue;
  const text = (words: string | undefined) => (words ? { kind: 'text' as const, text: words } : undefined);
  if (type === 'string') return text(typeof value === 'string' ? value.trim() : undefined);
  if (type === 'wikibase-entityid') {
    const parsed = entityValue.safeParse(value);
    return text(parsed.success ? labelOf(parsed.data.id) : undefined);
  }
  if (type === 'time') {
    const parsed = timeValue.safeParse(value);
    if (!parsed.success || formatTime(parsed.data.time, parsed.data.precision) === undefined) return undefined;
    return { kind: 'time', time: parsed.data.time, precision: parsed.data.precision };
  }
  if (type === 'quantity') {
    const parsed = quantityValue.safeParse(value);
    if (!parsed.success) return undefined;
    // Amounts are arbitrary-precision decimal strings that always carry a sign; "+" only adds noise.
    const amount = parsed.data.amount.replace(/^\+/, '');
    if (parsed.data.unit === '1') return { kind: 'quantity', amount };
    const id = unitId(parsed.data.unit);
    const unit = id ? labelOf(id) : undefined;
    return unit ? { kind: 'quantity', amount, unit } : undefined;
  }
  if (type === 'monolingualtext') {
    const parsed = monolingualValue.safeParse(value);
    return text(parsed.success ? parsed.data.text.trim() : undefined);
  }
  if (type === 'globecoordinate') {
    const parsed = globeValue.safeParse(value);
    if (!parsed.success) return undefined;
    const { latitude, longitude } = parsed.data;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
    return { kind: 'coordinates', latitude, longitude };
  }
  return undefined;
}

/** A value read by `readValue` in the passage's English. */
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

/** A data value as the passage's English, or undefined when `readValue` cannot read it. */
export function formatValue(datavalue: DataValue, labelOf: LabelOf): string | undefined {
  const value = readValue(datavalue, labelOf);
  return value && englishValue(value);
}

/** Qualifier snaks that date a statement: point in time (P585), start time (P580), end time (P582). */
export type TimeQualifiers = Partial<Record<'P585' | 'P580' | 'P582', DataValue | undefined>>;

/** A statement's dating, in the one form the passage says: as of a time, or from and/or until one. */
export type Dating = Pick<WikidataStatementParams, 'asOf' | 'from' | 'until'>;

/** The dating of a statement from its qualifiers; times that cannot be written are left out. */
export function readDating(qualifiers: TimeQualifiers): Dating {
  const time = (datavalue: DataValue | undefined): WikidataTime | undefined => {
    if (datavalue?.type !== 'time') return undefined;
    const parsed = timeValue.safeParse(datavalue.value);
    if (!parsed.success || formatTime(parsed.data.time, parsed.data.precision) === undefined) return undefined;
    return { time: parsed.data.time, precision: parsed.data.precision };
  };
  const asOf = time(qualifiers.P585);
  if (asOf) return { asOf };
  const from = time(qualifiers.P580);
  const until = time(qualifiers.P582);
  return { ...(from ? { from } : {}), ...(until ? { until } : {}) };
}

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

/** The dating of a statement from its qualifiers, as `englishDating` writes it. */
export function formatDating(qualifiers: TimeQualifiers): string {
  return englishDating(readDating(qualifiers));
}
