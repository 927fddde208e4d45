// @vitest-environment happy-dom
/** The model's explanation is not translated: it keeps its own direction (`dir="auto"`) in any interface. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Explanation } from '../../../../../components/sidepanel/claim/explanation';

afterEach(cleanup);

describe('Explanation', () => {
  it('keeps the explanation in its own direction', () => {
    render(
      <Explanation
        text="The operator lists 330 m [1]."
        citedEvidenceIds={['e1']}
        listed={new Set(['e1'])}
        onCite={() => undefined}
      />,
    );
    const explanation = screen.getByTestId('claim-explanation');
    expect(explanation.getAttribute('dir')).toBe('auto');
    expect(screen.getByTestId('citation').textContent).toBe('[1]');
  });
});
