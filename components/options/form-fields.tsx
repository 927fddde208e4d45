/**
 * The options form's fields, written once: a labelled checkbox and a labelled text input, each with an
 * optional hint below. Every setting the person can change is one of these (or a list or key field built
 * the same way), so what a field says about itself (its label, hint, state) is said alike everywhere.
 */
import type { ReactNode } from 'react';

import { isHttpUrl } from '../../lib/net/http-url';

export interface CheckboxFieldProps {
  testId: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  /** The label, after the box. */
  children: ReactNode;
  hint?: ReactNode;
}

export function CheckboxField({ testId, checked, disabled, onChange, children, hint }: CheckboxFieldProps) {
  return (
    <div className="field checkbox">
      <label>
        <input
          type="checkbox"
          data-testid={testId}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        {children}
      </label>
      {hint ? <p className="hint">{hint}</p> : null}
    </div>
  );
}

export interface TextFieldProps {
  /** The input's id and test id. */
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url';
  /** The id of a <datalist> of suggestions. */
  list?: string;
  hint?: ReactNode;
}

export function TextField({ id, label, value, onChange, type, list, hint }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={id}
        type={type}
        list={list}
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? <p className="hint">{hint}</p> : null}
    </div>
  );
}

export interface UrlFieldProps {
  /** The input's id and test id; the message below it is `${id}-error`. */
  id: string;
  label: ReactNode;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}

/** Why `value` is not a URL the extension can use, or undefined (an empty field is not wrong yet). */
export function urlProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed || isHttpUrl(trimmed)) return undefined;
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed)
    ? 'Use an address that starts with http:// or https://.'
    : `This is not a full address: start it with https:// (or http:// for a server on this computer), e.g. https://${trimmed}`;
}

/** A URL input that says, below it and as it is typed, what is wrong with the address (not only in a tooltip). */
export function UrlField({ id, label, value, placeholder, onChange }: UrlFieldProps) {
  const problem = urlProblem(value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={id}
        type="url"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem ? (
        <p className="field-error" id={`${id}-error`} data-testid={`${id}-error`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
