import { lockedProps, MANAGED_NOTE, ManagedNote } from './form-fields';

/**
 * A password field for an API key that is never shown again once saved: empty with a "saved" placeholder
 * means "keep the saved key"; "Remove" marks it for deletion on save. A key the organisation sets is
 * locked: never shown either, and nothing can be typed over it.
 */
export function KeyInput(props: {
  id: string;
  testId: string;
  label: string;
  saved: boolean;
  managed?: boolean;
  typed: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { id, testId, label, saved, managed, typed, onChange } = props;
  const removing = saved && typed === '' && !managed;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input
          id={id}
          data-testid={testId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={typed ?? ''}
          placeholder={
            managed
              ? MANAGED_NOTE
              : removing
                ? 'Will be removed on save'
                : saved
                  ? 'Saved (type to replace)'
                  : 'Paste your key'
          }
          onChange={(event) => onChange(event.target.value === '' && saved ? undefined : event.target.value)}
          {...lockedProps(managed, 'text')}
        />
        {saved && !removing && !managed ? (
          <button type="button" className="secondary" onClick={() => onChange('')}>
            Remove
          </button>
        ) : null}
      </div>
      <ManagedNote managed={managed} />
    </div>
  );
}
