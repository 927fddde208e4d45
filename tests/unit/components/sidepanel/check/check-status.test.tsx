// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { CheckStatus } from '../../../../../components/sidepanel/check/check-status';
import { failureCauses, failureSummary } from '../../../../../lib/core/score/failures';
import { buildCheckView } from '../../../support/check-fixtures';

afterEach(cleanup);

const noop = () => undefined;

describe('CheckStatus', () => {
  it('leads with the shared cause when claims could not be checked, never "Check complete." alone', () => {
    const { check } = buildCheckView({ status: 'done' });
    const reason = 'Your OpenAI account is out of credit (billing): add credit, then check again.';
    const failed = { verdict: 'could-not-check', error: reason, judgements: [] } as never;
    const failure = failureSummary(failureCauses([failed, failed, failed]), 3);
    render(
      <CheckStatus
        check={check}
        progress="0 of 3 claims checked"
        cause={reason}
        failure={failure}
        onOpenCheck={noop}
      />,
    );
    const line = screen.getByTestId('check-failure');
    expect(line.getAttribute('role')).toBe('alert');
    expect(line.textContent).toMatch(/^None of the 3 claims could be judged: Your OpenAI account is out of credit/);
    expect(screen.queryByText('Check complete.')).toBeNull();
  });

  it('says a finished check with every claim judged is complete', () => {
    const { check } = buildCheckView({ status: 'done' });
    render(
      <CheckStatus
        check={check}
        progress="3 of 3 claims checked"
        cause={undefined}
        failure={undefined}
        onOpenCheck={noop}
      />,
    );
    expect(screen.getByTestId('check-status').textContent).toBe('Check complete.');
  });
});
