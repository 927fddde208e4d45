/**
 * The options form's fields, written once: a labelled checkbox and a labelled text input, each with an
 * optional hint below. Every setting the person can change is one of these (or a list or key field built
 * the same way), so what a field says about itself (its label, hint, state) is said alike everywhere.
 */
import type { ReactNode } from 'react';

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
