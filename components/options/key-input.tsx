import { t } from '../../lib/i18n/i18n';
import { lockedProps, ManagedNote } from './form-fields';

/**
 * A password field for an API key that is never shown again once saved: empty with a "saved" placeholder
 * means "keep the saved key"; "Remove" marks it for deletion on save. A key the organisation sets is
 * locked: never shown either, and nothing can be typed over it. Left to right in every language, like
 * the other technical fields (form-fields.tsx).
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
          dir="ltr"
          spellCheck={false}
          value={typed ?? ''}
          placeholder={
            managed
              ? t('optionsManagedNote')
              : removing
                ? t('optionsKeyRemoving')
                : saved
                  ? t('optionsKeySaved')
                  : t('optionsKeyPaste')
          }
          onChange={(event) => onChange(event.target.value === '' && saved ? undefined : event.target.value)}
          {...lockedProps(managed, 'text')}
        />
        {saved && !removing && !managed ? (
          <button type="button" className="secondary" onClick={() => onChange('')}>
            {t('optionsKeyRemove')}
          </button>
        ) : null}
      </div>
      <ManagedNote managed={managed} />
    </div>
  );
}
