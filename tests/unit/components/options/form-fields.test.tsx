// @vitest-environment happy-dom
/**
 * URL fields say what is wrong as it is typed. A field the organisation's policy sets is locked as issue 26
 * asks: a checkbox or choice is disabled, a text is read-only, both carry data-managed="true" and say "Set by
 * your organisation"; other fields are untouched.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { CheckboxField, TextField, UrlField, urlProblem } from '../../../../components/options/form-fields';
import { KeyInput } from '../../../../components/options/key-input';

afterEach(cleanup);

const noop = () => undefined;

describe('locked form fields', () => {
  it('disables a managed checkbox, marks it and says who set it', () => {
    render(
      <CheckboxField testId="box" checked managed onChange={noop}>
        Wikipedia
      </CheckboxField>,
    );
    const box = screen.getByTestId('box') as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.getAttribute('data-managed')).toBe('true');
    expect(screen.getByTestId('managed-note').textContent).toBe('Set by your organisation');
  });

  it('makes a managed text read-only (its value can still be read) and leaves an unmanaged one alone', () => {
    render(
      <>
        <TextField id="url" label="Base URL" value="https://llm.acme.example/v1" managed onChange={noop} />
        <TextField id="other" label="Other" value="mine" onChange={noop} />
      </>,
    );
    const url = screen.getByTestId('url') as HTMLInputElement;
    expect(url.readOnly).toBe(true);
    expect(url.value).toBe('https://llm.acme.example/v1');
    expect(url.getAttribute('data-managed')).toBe('true');
    const other = screen.getByTestId('other') as HTMLInputElement;
    expect(other.readOnly).toBe(false);
    expect(other.hasAttribute('data-managed')).toBe(false);
    expect(screen.getAllByTestId('managed-note')).toHaveLength(1);
  });

  it('offers no "Remove" for a key the organisation sets, and shows nothing of it', () => {
    render(<KeyInput id="k" testId="k" label="API key" saved managed typed={undefined} onChange={noop} />);
    const input = screen.getByTestId('k') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('Set by your organisation');
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});

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
