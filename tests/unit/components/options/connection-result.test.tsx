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

  it('shows a connection that only needs a model picked as a next step, not an error', () => {
    render(
      <ConnectionResult
        testId="r"
        pending={false}
        runs={1}
        result={{ ok: false, error: 'Connected, but it does not list "x".', fix: 'Pick one.', nextStep: true }}
      />,
    );
    expect(screen.getByTestId('r').getAttribute('data-state')).toBe('next-step');
    expect(screen.getByTestId('r').className).not.toContain('error');
    expect(screen.getByTestId('r').textContent).toMatch(/^→ /);
  });

  it('keeps the run count on an empty result, so the next one can be told apart', () => {
    render(<ConnectionResult testId="r" pending={false} runs={2} />);
    expect(screen.getByTestId('r').getAttribute('data-run')).toBe('2');
    expect(screen.getByTestId('r').getAttribute('data-state')).toBe('none');
  });

  it('shows progress while a test runs', () => {
    render(<ConnectionResult testId="r" pending runs={0} />);
    expect(screen.getByTestId('r').textContent).toBe('Testing…');
  });
});
