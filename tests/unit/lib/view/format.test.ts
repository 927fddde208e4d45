import { afterEach, describe, expect, it } from 'vitest';

import { formatDate } from '../../../../lib/view/format';

describe('formatDate', () => {
  it('formats a date-only value on its own day in any time zone, and passes garbage through as text', () => {
    expect(formatDate('2019-05-02')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2019, 4, 2)),
    );
    expect(formatDate('last Tuesday')).toBe('last Tuesday');
    expect(formatDate(undefined)).toBeUndefined();
  });

  describe('west of UTC', () => {
    const zone = process.env.TZ;
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it('shows a day the month lacks as given, not rolled over to the next month', () => {
      expect(formatDate('2024-02-30')).toBe('2024-02-30');
      expect(formatDate('2023-02-29T00:00:00Z')).toBe('2023-02-29T00:00:00Z');
    });

    it('formats a midnight date-time (a fact-check review’s day), in UTC or its writer’s zone, on that day', () => {
      process.env.TZ = 'America/Los_Angeles';
      // The zone took effect (else the day before would not show, and this test could not fail).
      expect(new Date(Date.UTC(2024, 4, 2)).getDate()).toBe(1);
      const may2 = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        Date.UTC(2024, 4, 2),
      );
      expect(formatDate('2024-05-02T00:00:00Z')).toBe(may2);
      expect(formatDate('2024-05-02T00:00:00.000Z', true)).toBe(may2);
      // A midnight in the publisher's zone is the publisher's day, wherever the reader is (a European review's
      // "2024-05-02T00:00:00+02:00" is 1 May 22:00 UTC, 15:00 in Los Angeles).
      expect(formatDate('2024-05-02T00:00:00+02:00')).toBe(may2);
      expect(formatDate('2024-05-02T00:00-0500')).toBe(may2);
      expect(formatDate('2024-05-02T00:00:00.000+05:30', true)).toBe(may2);
      // Another time of day is a moment, shown in the reader's zone.
      expect(formatDate('2024-05-02T03:00:00Z')).toBe(
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(Date.UTC(2024, 4, 2, 3)),
      );
    });
  });
});
