import { describe, expect, it } from 'vitest';

import { formatDate } from '../../../../lib/view/format';

describe('formatDate', () => {
  it('formats a date-only value on its own day in any time zone, and passes garbage through as text', () => {
    expect(formatDate('2019-05-02')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2019, 4, 2)),
    );
    expect(formatDate('last Tuesday')).toBe('last Tuesday');
    expect(formatDate(undefined)).toBeUndefined();
  });
});
