/**
 * Reading Wikibase data values for knowledge-graph evidence: the values (`readValue`) and a statement's dating
 * (`readDating`) as lib/core/composed-evidence.ts holds them.
 *
 * Value shapes: Wikibase's canonical JSON (docs/topics/json.md in mediawiki-extensions-Wikibase,
 * "Data Values"; https://www.mediawiki.org/wiki/Wikibase/DataModel/JSON): `wikibase-entityid`
 * `{id}`, `time` `{time: "+1889-03-31T00:00:00Z", precision}`, `quantity` `{amount: "+330", unit:
 * "http://www.wikidata.org/entity/Q11573" | "1"}`, `monolingualtext` `{text, language}`, `string`, and
 * `globecoordinate` `{latitude, longitude}` (numbers, or equivalent strings).
 *
 * The passage's English the model reads is written from these values by lib/core/composed-english.ts; a person
 * reads them worded in the interface language by lib/view/composed-words.ts.
 */
import { z } from 'zod';

import { type Dating, formatTime } from '../core/composed-english';
import type { WikidataTime, WikidataValue } from '../core/composed-evidence';

/** A data value as the API sends it; `value` is read per `type`, unknown types are skipped. */
export interface DataValue {
  type: string;
  value?: unknown;
}

/** The label of an entity id in the wanted language, or undefined when it was not fetched. */
export type LabelOf = (id: string) => string | undefined;

// The JSON format allows numbers "as an equivalent string"; non-numeric strings fail later, in isFinite.
const numeric = z.union([z.number(), z.string()]).transform(Number);
const entityValue = z.object({ id: z.string() });
const timeValue = z.object({ time: z.string(), precision: z.number().int() });
const quantityValue = z.object({ amount: z.string(), unit: z.string() });
const monolingualValue = z.object({ text: z.string() });
const globeValue = z.object({ latitude: numeric, longitude: numeric });

/** The item id at the end of a Wikidata concept URI ("http://www.wikidata.org/entity/Q11573" → "Q11573"). */
function unitId(unit: string): string | undefined {
  return /\/entity\/([QP]\d+)$/.exec(unit)?.[1];
}

/** The entity ids whose labels `readValue` needs: an entity value's id, a quantity's unit. */
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

/** Qualifier snaks that date a statement: point in time (P585), start time (P580), end time (P582). */
export type TimeQualifiers = Partial<Record<'P585' | 'P580' | 'P582', DataValue | undefined>>;

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
