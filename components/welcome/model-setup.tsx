import { t } from '../../lib/i18n/i18n';
import { MODEL_PRESETS } from '../../lib/settings/model-presets';
import type { FormUpdate, OptionsForm } from '../../lib/settings/options-form';
import { ModelFields } from '../options/model-fields';

/** How saving went, shown beside the button. */
export type SaveStatus = { kind: 'idle' | 'saving' | 'saved' | 'incomplete' | 'error'; text: string };

/**
 * Step 2: the chosen provider's fields (the options page's own form, its optional fields folded away),
 * "Test connection", and saving it as the model to use.
 */
export function ModelSetup(props: { form: OptionsForm; update: FormUpdate; status: SaveStatus; onSave: () => void }) {
  const { form, update, status, onSave } = props;
  const preset = MODEL_PRESETS[form.settings.model.preset];
  return (
    <form
      className="model-setup"
      aria-labelledby="step-connect"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <h2 id="step-connect">
        <span className="step" aria-hidden="true">
          2
        </span>{' '}
        {t('welcomeConnectTo', { provider: preset.label })}
      </h2>
      <p className="hint" data-testid="welcome-preset-hint">
        {preset.hint}
      </p>
      <ModelFields form={form} update={update} compact testButtonClass="secondary" />
      <div className="row">
        <button type="submit" data-testid="welcome-save" disabled={status.kind === 'saving'}>
          {t('welcomeSaveAndUse', { provider: preset.label })}
        </button>
        <span
          className={`status ${status.kind}`}
          data-testid="welcome-save-status"
          data-state={status.kind}
          role="status"
        >
          {status.text}
        </span>
      </div>
    </form>
  );
}
