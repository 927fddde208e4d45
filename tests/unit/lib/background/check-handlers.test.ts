/**
 * The background's import of one part of an export file: a part it refuses says why as a code (worded by the side
 * panel in the interface language) beside the English.
 */
import { describe, expect, it } from 'vitest';

import { registerCheckHandlers } from '../../../../lib/background/check-handlers';
import { createCommandTable } from '../../../../lib/background/command-table';
import type { RunManager } from '../../../../lib/background/run-manager';
import type { FactlightDb } from '../../../../lib/db/schema';

describe('importChecks in the background', () => {
  it('refuses a part that is not an export with its code and its English', async () => {
    const engine = createCommandTable();
    registerCheckHandlers(engine, {} as RunManager, {} as FactlightDb);
    expect(await engine.dispatch('importChecks', { json: '[]' }, {})).toEqual({
      ok: false,
      error: 'This is not a Factlight export: "format" must be "factlight-checks".',
      problem: { code: 'not-an-export', format: 'factlight-checks' },
    });
    expect(await engine.dispatch('importChecks', { json: '{"format": ' }, {})).toMatchObject({
      ok: false,
      problem: { code: 'not-json' },
    });
  });
});
