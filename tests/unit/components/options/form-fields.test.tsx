// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { UrlField, urlProblem } from '../../../../components/options/form-fields';

afterEach(cleanup);

describe('UrlField', () => {
  it('says below the field what is wrong with an address, and nothing for a good or empty one', () => {
    expect(urlProblem('')).toBeUndefined();
    expect(urlProblem('https://searx.example.org')).toBeUndefined();
    expect(urlProblem('searx.example.org')).toMatch(/start it with https:\/\//);
    expect(urlProblem('ftp://example.org')).toMatch(/http:\/\/ or https:\/\//);

    render(<UrlField id="u" label="Server URL" value="searx.example.org" onChange={() => undefined} />);
    expect(screen.getByTestId('u-error').textContent).toContain('https://searx.example.org');
    expect(screen.getByTestId('u').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('u').getAttribute('aria-describedby')).toBe('u-error');
  });
});
