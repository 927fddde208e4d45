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
      <h2 id="checking-heading">Checking</h2>
      <div className="field">
        <label htmlFor="engine-choice">Checks run on</label>
        <select
          id="engine-choice"
          data-testid="engine-choice"
          value={checking.engine}
          onChange={(e) => set({ engine: e.target.value as Checking['engine'] })}
          {...lockedProps(isLocked(form, 'engine'), 'choice')}
        >
          {(Object.keys(ENGINE_LABELS) as Array<Checking['engine']>).map((choice) => (
            <option key={choice} value={choice}>
              {ENGINE_LABELS[choice]}
            </option>
          ))}
        </select>
        <ManagedNote managed={isLocked(form, 'engine')} />
        <p className="hint">
          Text goes only to a model you set up yourself. On this device: Chrome's built-in model (Chrome 138+ on a
          capable computer), nothing leaves the machine but search queries. Sources only: no model at all, sources to
          compare per sentence.
        </p>
      </div>
      <div className="field">
        <label htmlFor="mode-select">Mode</label>
        <select
          id="mode-select"
          data-testid="mode-select"
          value={checking.mode}
          onChange={(e) => set({ mode: e.target.value === 'thorough' ? 'thorough' : 'fast' })}
          {...lockedProps(isLocked(form, 'mode'), 'choice')}
        >
          <option value="fast">Fast</option>
          <option value="thorough">Thorough</option>
        </select>
        <ManagedNote managed={isLocked(form, 'mode')} />
        <p className="hint">
          Thorough: for claims found wrong or disputed, two critics review the explanation and the suggested revision
          against the evidence until they agree, and a refiner rewrites both. It costs several more model calls per
          wrong claim.
        </p>
      </div>
      <CheckboxField
        testId="audit-links"
        checked={checking.auditLinks}
        managed={isLocked(form, 'auditLinks')}
        onChange={(checked) => set({ auditLinks: checked })}
      >
        Check the links the text cites (do they work, are they relevant, do they support it)
      </CheckboxField>
      <CheckboxField
        testId="archive-lookup"
        checked={checking.archiveLookup}
        disabled={!checking.auditLinks}
        managed={isLocked(form, 'archiveLookup')}
        onChange={(checked) => set({ archiveLookup: checked })}
      >
        Look dead links up in the Internet Archive
      </CheckboxField>
      <details>
        <summary>Advanced: archive and DOI services</summary>
        <TextField
          id="web-archive-url"
          label="Web archive (Wayback availability API) origin"
          type="url"
          value={checking.webArchiveUrl}
          managed={isLocked(form, 'webArchiveUrl')}
          onChange={(value) => set({ webArchiveUrl: value })}
        />
        <TextField
          id="crossref-url"
          label="DOI registry (Crossref REST API) origin"
          type="url"
          value={checking.crossrefUrl}
          managed={isLocked(form, 'crossrefUrl')}
          onChange={(value) => set({ crossrefUrl: value })}
        />
      </details>
    </section>
  );
}
