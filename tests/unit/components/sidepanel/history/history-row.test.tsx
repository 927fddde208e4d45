// @vitest-environment happy-dom
/** A history row's preview is the checked text itself: it keeps its own direction in any interface. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { HistoryRow } from '../../../../../components/sidepanel/history/history-row';
import type { FactlightDb } from '../../../../../lib/db/schema';
import { buildSummary, freshDb } from '../../../support/check-fixtures';
import { renderWithDb } from '../../../support/panel-harness';

let db: FactlightDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(async () => {
  cleanup();
  await db.delete();
});

describe('HistoryRow', () => {
  it('gives the preview of the checked text dir="auto"', () => {
    const check = buildSummary(0);
    const { getByTestId } = renderWithDb(<HistoryRow check={check} onOpen={() => undefined} />, db);
    const preview = getByTestId('history-item').querySelector('.history-text')!;
    expect(preview.textContent).not.toBe('');
    expect(preview.getAttribute('dir')).toBe('auto');
  });

  it('gives the site of the checked page dir="auto"', () => {
    const check = buildSummary(0);
    const { getByTestId } = renderWithDb(<HistoryRow check={check} onOpen={() => undefined} />, db);
    const site = getByTestId('history-item').querySelector('.site')!;
    expect(site.textContent).toBe(check.site);
    expect(site.getAttribute('dir')).toBe('auto');
  });
});
