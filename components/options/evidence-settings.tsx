import { t } from '../../lib/i18n/i18n';
import { type FormUpdate, isLocked, type OptionsForm, setSection } from '../../lib/settings/options-form';
import type { EvidenceSettings as Evidence } from '../../lib/settings/schema';
import { DomainListField } from './domain-list-field';
import { CheckboxField, lockedProps, ManagedNote } from './form-fields';

/** How much evidence to gather per claim, which sites never count, and the local-network guard. */
export function EvidenceSettings({ form, update }: { form: OptionsForm; update: FormUpdate }) {
  const evidence = form.settings.evidence;
  const set = (change: Partial<Evidence>) => update(setSection('evidence', change));
  const number = (
    key: 'resultsPerClaim' | 'passagesPerPage' | 'contextSentences',
    label: string,
    min: number,
    max: number,
  ) => (
    <div className="field">
      <label htmlFor={key}>{label}</label>
      <input
        id={key}
        data-testid={key}
        type="number"
        min={min}
        max={max}
        value={evidence[key]}
        onChange={(e) => set({ [key]: Math.min(max, Math.max(min, Math.round(Number(e.target.value) || min))) })}
        {...lockedProps(key === 'resultsPerClaim' && isLocked(form, 'resultsPerClaim'), 'text')}
      />
      <ManagedNote managed={key === 'resultsPerClaim' && isLocked(form, 'resultsPerClaim')} />
    </div>
  );
  return (
    <section aria-labelledby="evidence-heading">
      <h2 id="evidence-heading">{t('optionsEvidenceHeading')}</h2>
      {number('resultsPerClaim', t('optionsResultsPerClaim'), 1, 10)}
      {number('passagesPerPage', t('optionsPassagesPerPage'), 1, 5)}
      {number('contextSentences', t('optionsContextSentences'), 0, 5)}
      <DomainListField
        id="excluded-domains"
        label={t('optionsExcludedDomains')}
        rows={3}
        domains={evidence.excludedDomains}
        managed={isLocked(form, 'excludedDomains')}
        onChange={(domains) => set({ excludedDomains: domains })}
      />
      <div className="field">
        <label htmlFor="tokens-per-check">{t('optionsTokenBudget')}</label>
        <input
          id="tokens-per-check"
          data-testid="tokens-per-check"
          type="number"
          min={0}
          step={1000}
          value={form.settings.limits.tokensPerCheck}
          onChange={(e) =>
            update(setSection('limits', { tokensPerCheck: Math.max(0, Math.round(Number(e.target.value) || 0)) }))
          }
          {...lockedProps(isLocked(form, 'tokenBudget'), 'text')}
        />
        <ManagedNote managed={isLocked(form, 'tokenBudget')} />
        <p className="hint">{t('optionsTokenBudgetHint')}</p>
      </div>
      <CheckboxField
        testId="allow-private-network"
        checked={evidence.allowPrivateNetwork}
        managed={isLocked(form, 'allowPrivateNetwork')}
        onChange={(checked) => set({ allowPrivateNetwork: checked })}
        hint={t('optionsAllowPrivateNetworkHint')}
      >
        {t('optionsAllowPrivateNetwork')}
      </CheckboxField>
    </section>
  );
}
