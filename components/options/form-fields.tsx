/**
 * The options form's fields, written once: a labelled checkbox and a labelled text input, each with an
 * optional hint below. Every setting the person can change is one of these (or a list or key field built
 * the same way), so what a field says about itself (its label, hint, state) is said alike everywhere.
 * A `managed` field is one the organisation's policy sets: it cannot be changed (a checkbox or a choice
 * is disabled, a text is read-only), carries `data-managed="true"` and says "Set by your organisation".
 * Text fields here hold addresses, keys, model ids and hosts: Latin technical strings, so they are
 * `dir="ltr"` in every interface language (in an Arabic form an RTL field would move a URL's punctuation).
 */
import type { ReactNode } from 'react';

import { t } from '../../lib/i18n/i18n';
import { isHttpUrl } from '../../lib/net/http-url';

/** "Set by your organisation", under a field the policy locks; nothing otherwise. */
export function ManagedNote({ managed }: { managed?: boolean | undefined }) {
  return managed ? (
    <p className="hint managed-note" data-testid="managed-note">
      {t('optionsManagedNote')}
    </p>
  ) : null;
}

/**
 * The attributes a locked control takes: `text` for inputs whose value can still be read and copied
 * (read-only), `choice` for checkboxes and selects (disabled, since read-only does not stop them).
 */
export function lockedProps(
  managed: boolean | undefined,
  kind: 'text' | 'choice',
): { readOnly?: true; disabled?: true; 'data-managed'?: 'true' } {
  if (!managed) return {};
  return kind === 'text' ? { readOnly: true, 'data-managed': 'true' } : { disabled: true, 'data-managed': 'true' };
}

export interface CheckboxFieldProps {
  testId: string;
  checked: boolean;
  disabled?: boolean;
  /** Set by the organisation's policy: locked, and said so. */
  managed?: boolean;
  onChange: (checked: boolean) => void;
  /** The label, after the box. */
  children: ReactNode;
  hint?: ReactNode;
}

export function CheckboxField({ testId, checked, disabled, managed, onChange, children, hint }: CheckboxFieldProps) {
  return (
    <div className="field checkbox">
      <label>
        <input
          type="checkbox"
          data-testid={testId}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          {...lockedProps(managed, 'choice')}
        />
        {children}
      </label>
      <ManagedNote managed={managed} />
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
  placeholder?: string;
  /** Set by the organisation's policy: read-only, and said so. */
  managed?: boolean;
  hint?: ReactNode;
  /**
   * The value's direction: `ltr` (the default) for the addresses and model ids these fields hold today, whatever the
   * interface's; `auto` for a field of prose.
   */
  dir?: 'ltr' | 'auto';
}

export function TextField({
  id,
  label,
  value,
  onChange,
  type,
  list,
  placeholder,
  managed,
  hint,
  dir = 'ltr',
}: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={id}
        type={type}
        list={list}
        dir={dir}
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        {...lockedProps(managed, 'text')}
      />
      <ManagedNote managed={managed} />
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
  /** More to say below the field (e.g. a warning about the address), after any problem with it. */
  children?: ReactNode;
  /** The organisation's policy sets it: read-only, saying so. */
  managed?: boolean | undefined;
}

/** Why `value` is not a URL the extension can use, or undefined (an empty field is not wrong yet). */
export function urlProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed || isHttpUrl(trimmed)) return undefined;
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed)
    ? t('optionsUrlNotHttp')
    : t('optionsUrlNotFull', { example: `https://${trimmed}` });
}

/** A URL input that says, below it and as it is typed, what is wrong with the address (not only in a tooltip). */
export function UrlField({ id, label, value, placeholder, onChange, children, managed }: UrlFieldProps) {
  const problem = urlProblem(value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={id}
        type="url"
        dir="ltr"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...lockedProps(managed, 'text')}
      />
      {problem ? (
        <p className="field-error" id={`${id}-error`} data-testid={`${id}-error`} role="alert">
          {problem}
        </p>
      ) : null}
      <ManagedNote managed={managed} />
      {children}
    </div>
  );
}
