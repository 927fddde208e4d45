// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ConnectionResult } from '../../../../components/options/connection-result';

afterEach(cleanup);

describe('ConnectionResult', () => {
  it('renders a server-supplied message as text, never as HTML', () => {
    const hostile = '<img src=x onerror="window.pwned=1"> Unauthorized';
    const { container } = render(
      <ConnectionResult
        testId="r"
        pending={false}
        runs={1}
        result={{ ok: false, error: hostile, fix: '<b>bold</b>' }}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByTestId('r').textContent).toContain(hostile);
    expect(screen.getByTestId('r').getAttribute('data-ok')).toBe('false');
  });

  it('shows progress while a test runs', () => {
    render(<ConnectionResult testId="r" pending runs={0} />);
    expect(screen.getByTestId('r').textContent).toBe('Testing…');
  });
});
