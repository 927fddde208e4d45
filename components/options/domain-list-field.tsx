import { useState } from 'react';

import { parseDomainList } from '../../lib/settings/options-form';
import { lockedProps, ManagedNote } from './form-fields';

/**
 * A list of sites typed one per line. The box keeps the user's own text (blank lines, a host half typed)
 * while the form gets the parsed, de-duplicated hosts on every keystroke. `id` is also the test id.
 * Hosts read left to right in every language (form-fields.tsx).
 */
export function DomainListField(props: {
  id: string;
  label: string;
  rows: number;
  domains: readonly string[];
  /** Set by the organisation's policy: read-only, and said so. */
  managed?: boolean;
  onChange: (domains: string[]) => void;
}) {
  const { id, label, rows, domains, managed, onChange } = props;
  const [text, setText] = useState(() => domains.join('\n'));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        data-testid={id}
        rows={rows}
        dir="ltr"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseDomainList(e.target.value));
        }}
        {...lockedProps(managed, 'text')}
      />
      <ManagedNote managed={managed} />
    </div>
  );
}
