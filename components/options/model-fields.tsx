import { type ReactNode, useCallback } from 'react';

import { t } from '../../lib/i18n/i18n';
import type { SimpleMessageKey } from '../../lib/i18n/keys';
import { sendToBackground } from '../../lib/messaging/protocol';
import { sendsKeyInClear } from '../../lib/settings/cleartext';
import { MODEL_PRESETS } from '../../lib/settings/model-presets';
import {
  type FormUpdate,
  headerRowsFor,
  isLocked,
  type OptionsForm,
  profileFor,
  toDraft,
} from '../../lib/settings/options-form';
import type { PublicModelProfile } from '../../lib/settings/redact';
import { DEFAULT_REASONING_EFFORT } from '../../lib/settings/schema';
import { ConnectionResult } from './connection-result';
import { CustomHeadersField } from './custom-headers-field';
import { lockedProps, ManagedNote, TextField, UrlField } from './form-fields';
import { KeyInput } from './key-input';
import { useConnectionTest } from './use-connection-test';

type ReasoningEffort = 'low' | 'medium' | 'high';
const EFFORTS: ReasoningEffort[] = ['low', 'medium', 'high'];
const EFFORT_KEYS = {
  low: 'optionsEffortLow',
  medium: 'optionsEffortMedium',
  high: 'optionsEffortHigh',
} as const satisfies Record<ReasoningEffort, SimpleMessageKey>;

const BASE_URL_EXAMPLE = 'https://…/v1';

/**
 * The fields of the selected model preset (base URL, key, the model roles, structured output) and its
 * "Test connection", shared by the options page and the welcome page. `compact` tucks the optional
 * fields into a closed "More options" group, for a first run that should show only what is needed;
 * `testButtonClass` styles the test button where another button is the main action.
 */
export function ModelFields(props: {
  form: OptionsForm;
  update: FormUpdate;
  compact?: boolean;
  testButtonClass?: string;
}) {
  const { form, update, compact = false, testButtonClass } = props;
  const preset = form.settings.model.preset;
  const profile = profileFor(form.settings, preset);
  const effort = profile.reasoningEffort ?? DEFAULT_REASONING_EFFORT;
  const slot = `model:${preset}` as const;
  // Fields the organisation's policy sets are locked (form-fields.tsx).
  const locked = (key: Parameters<typeof isLocked>[1]) => isLocked(form, key);

  const setProfile = (change: Partial<PublicModelProfile>) =>
    update((f) => ({
      ...f,
      settings: {
        ...f.settings,
        model: {
          ...f.settings.model,
          profiles: { ...f.settings.model.profiles, [preset]: { ...profileFor(f.settings, preset), ...change } },
        },
      },
    }));

  const test = useConnectionTest(
    useCallback(() => {
      const draft = toDraft(form).model;
      return sendToBackground('testModelConnection', { preset, profile: draft.profiles[preset]! });
    }, [form, preset]),
    JSON.stringify({ preset, profile: toDraft(form).model.profiles[preset] }),
  );

  const optional: ReactNode = (
    <>
      <div className="field">
        <label htmlFor="llm-model-embedding">{t('optionsEmbeddingModel')}</label>
        <input
          id="llm-model-embedding"
          data-testid="llm-model-embedding"
          list="llm-models"
          dir="ltr"
          spellCheck={false}
          value={profile.embeddingModel}
          placeholder={t('optionsEmbeddingPlaceholder', { model: 'text-embedding-3-small' })}
          onChange={(e) => setProfile({ embeddingModel: e.target.value })}
          {...lockedProps(locked('embeddingModel'), 'text')}
        />
        <ManagedNote managed={locked('embeddingModel')} />
      </div>
      <div className="field">
        <label htmlFor="llm-structured-output">{t('optionsStructuredOutput')}</label>
        <select
          id="llm-structured-output"
          data-testid="llm-structured-output"
          value={profile.structuredOutput}
          onChange={(e) => setProfile({ structuredOutput: e.target.value as PublicModelProfile['structuredOutput'] })}
          {...lockedProps(locked('structuredOutput'), 'choice')}
        >
          <option value="auto">{t('optionsStructuredAuto')}</option>
          <option value="json_schema">{t('optionsStructuredJsonSchema')}</option>
          <option value="json_object">{t('optionsStructuredJsonObject')}</option>
          <option value="prompt">{t('optionsStructuredPrompt')}</option>
        </select>
        <ManagedNote managed={locked('structuredOutput')} />
      </div>
      <div className="field">
        <label htmlFor="llm-effort-fast">{t('optionsReasoningEffort')}</label>
        <select
          id="llm-effort-fast"
          data-testid="llm-effort-fast"
          aria-label={t('optionsEffortFastName')}
          value={effort.fast}
          onChange={(e) => setProfile({ reasoningEffort: { ...effort, fast: e.target.value as ReasoningEffort } })}
        >
          {EFFORTS.map((value) => (
            <option key={value} value={value}>
              {t('optionsEffortFastOption', { effort: t(EFFORT_KEYS[value]) })}
            </option>
          ))}
        </select>
        <select
          id="llm-effort-strong"
          data-testid="llm-effort-strong"
          aria-label={t('optionsEffortStrongName')}
          value={effort.strong}
          onChange={(e) => setProfile({ reasoningEffort: { ...effort, strong: e.target.value as ReasoningEffort } })}
        >
          {EFFORTS.map((value) => (
            <option key={value} value={value}>
              {t('optionsEffortStrongOption', { effort: t(EFFORT_KEYS[value]) })}
            </option>
          ))}
        </select>
      </div>
      <CustomHeadersField
        preset={preset}
        rows={headerRowsFor(form, preset)}
        managed={locked('headers')}
        onChange={(rows) => update((f) => ({ ...f, typedHeaders: { ...f.typedHeaders, [preset]: rows } }))}
      />
    </>
  );

  return (
    <>
      <UrlField
        id="llm-base-url"
        label={t('optionsBaseUrl')}
        value={profile.baseUrl}
        placeholder={BASE_URL_EXAMPLE}
        managed={locked('baseUrl')}
        onChange={(value) => setProfile({ baseUrl: value })}
      >
        {sendsKeyInClear(profile.baseUrl) ? (
          <p className="hint warning" role="note" data-testid="llm-cleartext-warning">
            {t('optionsCleartextWarning')}
          </p>
        ) : null}
      </UrlField>
      <KeyInput
        id="llm-api-key"
        testId="llm-api-key"
        label={MODEL_PRESETS[preset].needsKey ? t('optionsApiKey') : t('optionsApiKeyOptional')}
        saved={profile.apiKeySaved}
        managed={locked('apiKey')}
        typed={form.typedKeys[slot]}
        onChange={(value) => update((f) => ({ ...f, typedKeys: { ...f.typedKeys, [slot]: value } }))}
      />
      <TextField
        id="llm-model-fast"
        label={t('optionsFastModel')}
        list="llm-models"
        value={profile.fastModel}
        managed={locked('fastModel')}
        onChange={(value) => setProfile({ fastModel: value })}
      />
      <TextField
        id="llm-model-strong"
        label={t('optionsStrongModel')}
        list="llm-models"
        value={profile.strongModel}
        managed={locked('strongModel')}
        onChange={(value) => setProfile({ strongModel: value })}
      />
      {compact ? (
        <details className="more-options">
          <summary>{t('optionsMoreOptions')}</summary>
          {optional}
        </details>
      ) : (
        optional
      )}
      <datalist id="llm-models">
        {(test.result?.models ?? []).map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <div className="row">
        <button
          type="button"
          className={testButtonClass}
          data-testid="test-llm"
          onClick={test.start}
          disabled={test.pending}
        >
          {t('optionsTestConnection')}
        </button>
      </div>
      <ConnectionResult result={test.result} pending={test.pending} runs={test.runs} testId="test-llm-result" />
    </>
  );
}
