/**
 * "Custom headers" of a model profile (issue 23 item 7): rows of name and value, with what is wrong with
 * each said under it (lib/settings/custom-headers.ts), and buttons for the headers the preset's provider
 * documents (header-suggestions.ts). A saved value is never shown: its row says it is saved, and an empty
 * value keeps it, like the API key. Headers the organisation's policy sets are locked and not listed.
 * Names and values read left to right in every language (form-fields.tsx).
 */
import { t } from '../../lib/i18n/i18n';
import { type HeaderRow, headerRowProblems } from '../../lib/settings/custom-headers';
import { HEADER_SUGGESTIONS } from '../../lib/settings/header-suggestions';
import type { ModelPresetId } from '../../lib/settings/model-presets';
import { ManagedNote } from './form-fields';

export function CustomHeadersField(props: {
  preset: ModelPresetId;
  rows: HeaderRow[];
  managed: boolean;
  onChange: (rows: HeaderRow[]) => void;
}) {
  const { preset, rows, managed, onChange } = props;
  const problems = headerRowProblems(rows);
  const suggestions = HEADER_SUGGESTIONS[preset];
  const listed = new Set(rows.map((row) => row.name.trim().toLowerCase()));
  const missing = (suggestions?.headers ?? []).filter((header) => !listed.has(header.name.toLowerCase()));
  const setRow = (index: number, change: Partial<HeaderRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <fieldset className="field custom-headers" data-testid="llm-headers">
      <legend>{t('customHeadersLabel')}</legend>
      <p className="hint">{t('customHeadersHint')}</p>
      <ManagedNote managed={managed} />
      {managed
        ? null
        : rows.map((row, index) => {
            const problem = problems[index];
            const errorId = `llm-header-error-${index}`;
            return (
              <div className="custom-header" key={index} data-testid="llm-header-row">
                <div className="row">
                  <input
                    data-testid={`llm-header-name-${index}`}
                    aria-label={t('customHeaderName')}
                    placeholder={t('customHeaderName')}
                    dir="ltr"
                    spellCheck={false}
                    autoComplete="off"
                    value={row.name}
                    // A saved value belongs to its name: renaming the row makes it a new header.
                    onChange={(e) => setRow(index, { name: e.target.value, saved: false })}
                    aria-invalid={problem !== undefined}
                    aria-describedby={problem ? errorId : undefined}
                  />
                  <input
                    data-testid={`llm-header-value-${index}`}
                    type="password"
                    aria-label={t('customHeaderValue')}
                    placeholder={row.saved ? t('customHeaderValueSaved') : t('customHeaderValue')}
                    dir="ltr"
                    spellCheck={false}
                    autoComplete="off"
                    value={row.value}
                    onChange={(e) => setRow(index, { value: e.target.value })}
                    aria-invalid={problem !== undefined}
                    aria-describedby={problem ? errorId : undefined}
                  />
                  <button
                    type="button"
                    className="secondary"
                    data-testid={`llm-header-remove-${index}`}
                    onClick={() => onChange(rows.filter((_, i) => i !== index))}
                  >
                    {t('customHeaderRemove')}
                  </button>
                </div>
                {problem ? (
                  <p className="hint error" id={errorId} data-testid={errorId} role="alert">
                    {t(`customHeaderProblem_${problem}`)}
                  </p>
                ) : null}
              </div>
            );
          })}
      {managed ? null : (
        <div className="row">
          <button
            type="button"
            className="secondary"
            data-testid="llm-header-add"
            onClick={() => onChange([...rows, { name: '', value: '', saved: false }])}
          >
            {t('customHeaderAdd')}
          </button>
          {missing.map((header) => (
            <button
              type="button"
              className="secondary"
              key={header.name}
              data-testid={`llm-header-suggest-${header.name.toLowerCase()}`}
              onClick={() => onChange([...rows, { ...header, saved: false }])}
            >
              {t('customHeaderSuggest', { name: header.name })}
            </button>
          ))}
        </div>
      )}
      {suggestions && !managed ? <p className="hint">{t(suggestions.why)}</p> : null}
    </fieldset>
  );
}
