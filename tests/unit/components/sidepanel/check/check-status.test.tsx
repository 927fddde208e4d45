// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { CheckStatus } from '../../../../../components/sidepanel/check/check-status';
import { buildCheckView } from '../../../support/check-fixtures';

afterEach(cleanup);

describe('CheckStatus', () => {
  it('leads with the shared cause when claims could not be checked, never "Check complete." alone', () => {
    const { check } = buildCheckView({ status: 'done' });
    const reason = 'Your OpenAI account is out of credit (billing): add credit, then check again.';
    render(<CheckStatus check={check} checked={0} total={3} unchecked={{ count: 3, sharedReason: reason }} />);
    const status = screen.getByTestId('check-status');
    expect(status.getAttribute('data-status')).toBe('incomplete');
    expect(status.getAttribute('role')).toBe('alert');
    expect(status.textContent).toBe(`Check complete, but 3 of 3 claims could not be checked: ${reason}`);
  });

  it('says a finished check with every claim judged is complete', () => {
    const { check } = buildCheckView({ status: 'done' });
    render(<CheckStatus check={check} checked={3} total={3} unchecked={{ count: 0 }} />);
    expect(screen.getByTestId('check-status').textContent).toBe('Check complete.');
  });
});
