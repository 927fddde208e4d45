import { t } from '../../lib/i18n/i18n';
import { ENGINE_LABELS } from '../../lib/settings/engine';
import { type FormUpdate, isLocked, type OptionsForm, setSection } from '../../lib/settings/options-form';
import type { CheckingSettings as Checking } from '../../lib/settings/schema';
import { CheckboxField, lockedProps, ManagedNote, TextField } from './form-fields';

/** How hard a check works: Fast or Thorough explanations, and the audit of the links the text cites. */
export function CheckingSettings({ form, update }: { form: OptionsForm; update: FormUpdate }) {
  const checking = form.settings.checking;
  const set = (change: Partial<Checking>) => update(setSection('checking', change));
  return (
    <section aria-labelledby="checking-heading">
      <h2 id="checking-heading">{t('optionsCheckingHeading')}</h2>
      <div className="field">
        <label htmlFor="engine-choice">{t('optionsEngineLabel')}</label>
        <select
          id="engine-choice"
          data-testid="engine-choice"
          value={checking.engine}
          onChange={(e) => set({ engine: e.target.value as Checking['engine'] })}
          {...lockedProps(isLocked(form, 'engine'), 'choice')}
        >
          {(Object.keys(ENGINE_LABELS) as Array<Checking['engine']>).map((choice) => (
            <option key={choice} value={choice}>
              {ENGINE_LABELS[choice]()}
            </option>
          ))}
        </select>
        <ManagedNote managed={isLocked(form, 'engine')} />
        <p className="hint">{t('optionsEngineHint')}</p>
      </div>
      <div className="field">
        <label htmlFor="mode-select">{t('optionsModeLabel')}</label>
        <select
          id="mode-select"
          data-testid="mode-select"
          value={checking.mode}
          onChange={(e) => set({ mode: e.target.value === 'thorough' ? 'thorough' : 'fast' })}
          {...lockedProps(isLocked(form, 'mode'), 'choice')}
        >
          <option value="fast">{t('optionsModeFast')}</option>
          <option value="thorough">{t('optionsModeThorough')}</option>
        </select>
        <ManagedNote managed={isLocked(form, 'mode')} />
        <p className="hint">{t('optionsModeHint')}</p>
      </div>
      <CheckboxField
        testId="audit-links"
        checked={checking.auditLinks}
        managed={isLocked(form, 'auditLinks')}
        onChange={(checked) => set({ auditLinks: checked })}
      >
        {t('optionsAuditLinks')}
      </CheckboxField>
      <CheckboxField
        testId="archive-lookup"
        checked={checking.archiveLookup}
        disabled={!checking.auditLinks}
        managed={isLocked(form, 'archiveLookup')}
        onChange={(checked) => set({ archiveLookup: checked })}
      >
        {t('optionsArchiveLookup')}
      </CheckboxField>
      <details>
        <summary>{t('optionsAdvancedServices')}</summary>
        <TextField
          id="web-archive-url"
          label={t('optionsWebArchiveUrl')}
          type="url"
          value={checking.webArchiveUrl}
          managed={isLocked(form, 'webArchiveUrl')}
          onChange={(value) => set({ webArchiveUrl: value })}
        />
        <TextField
          id="crossref-url"
          label={t('optionsCrossrefUrl')}
          type="url"
          value={checking.crossrefUrl}
          managed={isLocked(form, 'crossrefUrl')}
          onChange={(value) => set({ crossrefUrl: value })}
        />
      </details>
    </section>
  );
}
