import { describe, expect, it } from 'vitest';

import type { CaptureSelectors } from '../../../../lib/anchoring/selectors';
import { drawRequestFor } from '../../../../lib/background/page-spans';
import { buildCheckView } from '../../support/check-fixtures';

/** What the page is told about the check's end: the reason a check failed, said where the button was pressed. */
describe('a check drawn in its page', () => {
  const view = buildCheckView();
  const capture = {} as CaptureSelectors;

  it("carries a failed check's reason, for both judged and sources-only checks", () => {
    const failed = { ...view.check, capture, status: 'failed' as const, error: 'Could not reach the model.' };
    expect(drawRequestFor({ ...view, check: failed })).toMatchObject({
      finished: true,
      failure: 'Could not reach the model.',
    });
    expect(drawRequestFor({ ...view, check: { ...failed, evidenceOnly: true } })?.failure).toBe(
      'Could not reach the model.',
    );
    expect(drawRequestFor({ ...view, check: { ...failed, error: undefined } })?.failure).toBe('The check failed.');
  });

  it('carries no failure for a check that ended well or still runs', () => {
    expect(drawRequestFor({ ...view, check: { ...view.check, capture, status: 'done' } })?.failure).toBeUndefined();
    expect(drawRequestFor({ ...view, check: { ...view.check, capture, status: 'running' } })).toMatchObject({
      finished: false,
    });
  });
});
