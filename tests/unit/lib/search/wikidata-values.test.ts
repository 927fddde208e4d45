/** The pure parts of the Wikidata lookup: value formatting. */
import { describe, expect, it } from 'vitest';

import { englishDating, englishValue, formatTime } from '../../../../lib/core/composed-english';
import {
  type DataValue,
  type LabelOf,
  readDating,
  readValue,
  type TimeQualifiers,
  valueIds,
} from '../../../../lib/search/wikidata-values';

/** A data value read and written in the passage's English, as the Wikidata lookup does. */
function formatValue(datavalue: DataValue, labelOf: LabelOf): string | undefined {
  const value = readValue(datavalue, labelOf);
  return value && englishValue(value);
}

/** A statement's dating read from its qualifiers and written as the passage's English suffix. */
function formatDating(qualifiers: TimeQualifiers): string {
  return englishDating(readDating(qualifiers));
}

describe('wikidata values', () => {
  it('formats times to every precision, BCE and unknown months', () => {
    expect(formatTime('+1889-03-31T00:00:00Z', 11)).toBe('31 March 1889');
    expect(formatTime('+00000001994-01-00T00:00:00Z', 11)).toBe('January 1994');
    expect(formatTime('+1889-00-00T00:00:00Z', 10)).toBe('1889');
    expect(formatTime('+1885-00-00T00:00:00Z', 8)).toBe('1880s');
    expect(formatTime('+1801-00-00T00:00:00Z', 7)).toBe('19th century');
    expect(formatTime('+1001-00-00T00:00:00Z', 6)).toBe('2nd millennium');
    expect(formatTime('-0044-03-15T00:00:00Z', 11)).toBe('15 March 44 BCE');
    expect(formatTime('1889', 9)).toBeUndefined();
  });

  it('formats quantities, coordinates, texts, and refuses unresolved labels', () => {
    const labelOf = (id: string) => ({ Q11573: 'metre' })[id];
    const quantity = { type: 'quantity', value: { amount: '-12.5', unit: 'http://www.wikidata.org/entity/Q11573' } };
    expect(formatValue(quantity, labelOf)).toBe('-12.5 metre');
    expect(valueIds(quantity)).toEqual(['Q11573']);
    expect(
      formatValue(
        { type: 'quantity', value: { amount: '+7', unit: 'http://www.wikidata.org/entity/Q25343' } },
        labelOf,
      ),
    ).toBeUndefined();
    expect(
      formatValue({ type: 'globecoordinate', value: { latitude: -33.8568, longitude: '151.21530' } }, labelOf),
    ).toBe('33.8568° S, 151.2153° E');
    expect(formatValue({ type: 'monolingualtext', value: { text: 'Tour Eiffel', language: 'fr' } }, labelOf)).toBe(
      'Tour Eiffel',
    );
    expect(
      formatValue({ type: 'wikibase-entityid', value: { 'entity-type': 'item', id: 'Q90' } }, labelOf),
    ).toBeUndefined();
    expect(formatValue({ type: 'geo-shape', value: 'Data:x.map' }, labelOf)).toBeUndefined();
    expect(formatDating({ P580: { type: 'time', value: { time: '+2014-00-00T00:00:00Z', precision: 9 } } })).toBe(
      ' (since 2014)',
    );
    expect(formatDating({ P582: { type: 'time', value: { time: '+2013-12-31T00:00:00Z', precision: 11 } } })).toBe(
      ' (until 31 December 2013)',
    );
  });

  it('reads values and datings for the views to word, the English passage being theirs', () => {
    const labelOf = (id: string) => ({ Q11573: 'metre', Q90: 'Paris' })[id];
    const time = { type: 'time', value: { time: '+1801-00-00T00:00:00Z', precision: 7 } };
    expect(readValue(time, labelOf)).toEqual({ kind: 'time', time: '+1801-00-00T00:00:00Z', precision: 7 });
    expect(readValue({ type: 'wikibase-entityid', value: { id: 'Q90' } }, labelOf)).toEqual({
      kind: 'text',
      text: 'Paris',
    });
    expect(
      readValue(
        { type: 'quantity', value: { amount: '+330', unit: 'http://www.wikidata.org/entity/Q11573' } },
        labelOf,
      ),
    ).toEqual({ kind: 'quantity', amount: '330', unit: 'metre' });
    expect(readValue({ type: 'quantity', value: { amount: '+7', unit: '1' } }, labelOf)).toEqual({
      kind: 'quantity',
      amount: '7',
    });
    expect(readValue({ type: 'globecoordinate', value: { latitude: '48.8584', longitude: 2.2945 } }, labelOf)).toEqual({
      kind: 'coordinates',
      latitude: 48.8584,
      longitude: 2.2945,
    });
    expect(readValue({ type: 'time', value: { time: '1889', precision: 9 } }, labelOf)).toBeUndefined();
    const start = { type: 'time', value: { time: '+2002-00-00T00:00:00Z', precision: 9 } };
    const end = { type: 'time', value: { time: '+2013-00-00T00:00:00Z', precision: 9 } };
    expect(readDating({ P580: start, P582: end })).toEqual({
      from: { time: '+2002-00-00T00:00:00Z', precision: 9 },
      until: { time: '+2013-00-00T00:00:00Z', precision: 9 },
    });
    expect(readDating({ P585: start, P580: end })).toEqual({ asOf: { time: '+2002-00-00T00:00:00Z', precision: 9 } });
    expect(formatDating({ P580: start, P582: end })).toBe(' (from 2002 to 2013)');
  });
});
