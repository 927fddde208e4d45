import { describe, expect, it } from 'vitest';

import { claimEventDate, datesInClaim, predatesEvent } from '../../../../../../lib/core/evidence/sources/event-date';

const TODAY = '2026-11-24';

describe('the date a claim is about', () => {
  it('reads full dates, months and years where a year is expected', () => {
    expect(datesInClaim('The treaty was signed on March 5, 2019 in Paris.')).toEqual([
      { start: '2019-03-05', precision: 'day', text: 'March 5, 2019' },
    ]);
    expect(datesInClaim('It opened on 5th of July 2021.')[0]?.start).toBe('2021-07-05');
    expect(datesInClaim('Released 2020-02-29.')[0]).toMatchObject({ start: '2020-02-29', precision: 'day' });
    expect(datesInClaim('Inflation peaked in June 2022.')[0]).toMatchObject({
      start: '2022-06-01',
      precision: 'month',
    });
    expect(datesInClaim('Biden won the 2020 election.')[0]).toMatchObject({ start: '2020-01-01', precision: 'year' });
    expect(datesInClaim("2019's heatwave was the worst")).toHaveLength(0); // no word before it: not certainly a year
    expect(datesInClaim("In 2019, the heatwave's toll rose.")[0]?.start).toBe('2019-01-01');
    expect(datesInClaim('In 2021 the wall was seen.')[0]?.start).toBe('2021-01-01');
    expect(datesInClaim('In 2021 NASA said so.')[0]?.start).toBe('2021-01-01');
  });

  it('does not read counts, prices or decimals as years', () => {
    expect(datesInClaim('About 2000 people attended.')).toEqual([]);
    expect(datesInClaim('The flood resulted in 2000 deaths.')).toEqual([]);
    expect(datesInClaim('It cost $1999 and weighs 1,500 kg, or 1500.5 lb.')).toEqual([]);
    expect(datesInClaim('The tower is 1063 feet tall.')).toEqual([]);
  });

  it('takes the earliest date not after today', () => {
    expect(claimEventDate('Between 2019 and 2024 emissions fell.', TODAY)?.start).toBe('2019-01-01');
    expect(claimEventDate('The plan, announced in 2021, aims for net zero by 2050.', TODAY)?.start).toBe('2021-01-01');
    expect(claimEventDate('Net zero will be reached by 2050.', TODAY)).toBeUndefined();
    expect(claimEventDate('Water boils at 100 degrees.', TODAY)).toBeUndefined();
  });

  it('says evidence predates the event only when its date is known and earlier', () => {
    const event = claimEventDate('Biden won the 2020 election.', TODAY);
    expect(predatesEvent('2019-11-03T10:00:00Z', event)).toBe(true);
    expect(predatesEvent('2020-11-07', event)).toBe(false);
    expect(predatesEvent(undefined, event)).toBe(false);
    expect(predatesEvent('yesterday', event)).toBe(false);
    expect(predatesEvent('2019-01-01', undefined)).toBe(false);
  });
});
