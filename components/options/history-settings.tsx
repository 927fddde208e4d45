import { t } from '../../lib/i18n/i18n';
import { type FormUpdate, isLocked, type OptionsForm, setSection } from '../../lib/settings/options-form';
import type { HistorySettings as History } from '../../lib/settings/schema';
import { CheckboxField, lockedProps, ManagedNote } from './form-fields';

/** Whether checks stay in the history, and for how long (lib/background/history-retention.ts does it). */
export function HistorySettings({ form, update }: { form: OptionsForm; update: FormUpdate }) {
  const history = form.settings.history;
  const set = (change: Partial<History>) => update(setSection('history', change));
  const daysLocked = isLocked(form, 'historyDays');
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{t('optionsHistoryHeading')}</h2>
      <CheckboxField
        testId="keep-history"
        checked={history.keep}
        managed={isLocked(form, 'keepHistory')}
        onChange={(checked) => set({ keep: checked })}
        hint={t('optionsKeepHistoryHint')}
      >
        {t('optionsKeepHistory')}
      </CheckboxField>
      <div className="field">
        <label htmlFor="history-days">{t('optionsHistoryDays')}</label>
        <input
          id="history-days"
          data-testid="history-days"
          type="number"
          min={0}
          step={1}
          value={history.days}
          disabled={!history.keep}
          onChange={(e) => set({ days: Math.max(0, Math.round(Number(e.target.value) || 0)) })}
          {...lockedProps(daysLocked, 'text')}
        />
        <ManagedNote managed={daysLocked} />
      </div>
    </section>
  );
}
