/**
 * A password field for an API key that is never shown again once saved: empty with a "saved" placeholder
 * means "keep the saved key"; "Remove" marks it for deletion on save.
 */
export function KeyInput(props: {
  id: string;
  testId: string;
  label: string;
  saved: boolean;
  typed: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { id, testId, label, saved, typed, onChange } = props;
  const removing = saved && typed === '';
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
          placeholder={removing ? 'Will be removed on save' : saved ? 'Saved (type to replace)' : 'Paste your key'}
          onChange={(event) => onChange(event.target.value === '' && saved ? undefined : event.target.value)}
        />
        {saved && !removing ? (
          <button type="button" className="secondary" onClick={() => onChange('')}>
            Remove
          </button>
        ) : null}
      </div>
    </div>
  );
}
