import { t } from '../../lib/i18n/i18n';
import { MODEL_PRESET_IDS, MODEL_PRESETS, type ModelPresetId } from '../../lib/settings/model-presets';
import { type FormUpdate, isLocked, type OptionsForm } from '../../lib/settings/options-form';
import { lockedProps, ManagedNote } from './form-fields';
import { ModelFields } from './model-fields';

/** Model provider, endpoint, key and the two model roles, with "Test connection". */
export function ModelSettings({ form, update }: { form: OptionsForm; update: FormUpdate }) {
  const preset = form.settings.model.preset;
  const setPreset = (next: ModelPresetId) =>
    update((f) => ({ ...f, settings: { ...f.settings, model: { ...f.settings.model, preset: next } } }));

  return (
    <section aria-labelledby="model-heading">
      <h2 id="model-heading">{t('optionsModelHeading')}</h2>
      <div className="field">
        <label htmlFor="llm-preset">{t('optionsProvider')}</label>
        <select
          id="llm-preset"
          data-testid="llm-preset"
          value={preset}
          onChange={(e) => setPreset(e.target.value as ModelPresetId)}
          {...lockedProps(isLocked(form, 'preset'), 'choice')}
        >
          {MODEL_PRESET_IDS.map((id) => (
            <option key={id} value={id}>
              {MODEL_PRESETS[id].label}
            </option>
          ))}
        </select>
        <ManagedNote managed={isLocked(form, 'preset')} />
        <p className="hint">{MODEL_PRESETS[preset].hint}</p>
      </div>
      <ModelFields form={form} update={update} />
    </section>
  );
}
