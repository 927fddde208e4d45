// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { EngineStatus } from '../../../../components/engine/engine-status';

afterEach(cleanup);

describe('EngineStatus', () => {
  afterEach(() => fakeBrowser.reset());

  it('says what checks run on is not known when the background does not answer, instead of showing nothing', async () => {
    render(<EngineStatus switchHint="Switch in Settings." />);
    const error = await screen.findByTestId('engine-status-error');
    expect(error.textContent).toMatch(
      /^What checks run on is not known: Factlight's background did not answer \(.+\)\.$/,
    );
    expect(error.getAttribute('role')).toBe('alert');
  });
});
