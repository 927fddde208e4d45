import { type ReactNode, useCallback } from 'react';

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
        <label htmlFor="llm-model-embedding">Embedding model (optional, improves passage choice)</label>
        <input
          id="llm-model-embedding"
          data-testid="llm-model-embedding"
          list="llm-models"
          spellCheck={false}
          value={profile.embeddingModel}
          placeholder="e.g. text-embedding-3-small"
          onChange={(e) => setProfile({ embeddingModel: e.target.value })}
          {...lockedProps(locked('embeddingModel'), 'text')}
        />
        <ManagedNote managed={locked('embeddingModel')} />
      </div>
      <div className="field">
        <label htmlFor="llm-structured-output">Structured output</label>
        <select
          id="llm-structured-output"
          data-testid="llm-structured-output"
          value={profile.structuredOutput}
          onChange={(e) => setProfile({ structuredOutput: e.target.value as PublicModelProfile['structuredOutput'] })}
          {...lockedProps(locked('structuredOutput'), 'choice')}
        >
          <option value="auto">Automatic</option>
          <option value="json_schema">JSON schema (OpenAI structured outputs)</option>
          <option value="json_object">JSON mode (older servers)</option>
          <option value="prompt">Schema in the prompt (servers that ignore response_format)</option>
        </select>
        <ManagedNote managed={locked('structuredOutput')} />
      </div>
      <div className="field">
        <label htmlFor="llm-effort-fast">Reasoning effort (reasoning models such as gpt-5 and gpt-oss)</label>
        <select
          id="llm-effort-fast"
          data-testid="llm-effort-fast"
          aria-label="Reasoning effort for claim extraction (fast model)"
          value={effort.fast}
          onChange={(e) => setProfile({ reasoningEffort: { ...effort, fast: e.target.value as ReasoningEffort } })}
        >
          {EFFORTS.map((value) => (
            <option key={value} value={value}>
              Claim extraction: {value}
            </option>
          ))}
        </select>
        <select
          id="llm-effort-strong"
          data-testid="llm-effort-strong"
          aria-label="Reasoning effort for verification (strong model)"
          value={effort.strong}
          onChange={(e) => setProfile({ reasoningEffort: { ...effort, strong: e.target.value as ReasoningEffort } })}
        >
          {EFFORTS.map((value) => (
            <option key={value} value={value}>
              Verification: {value}
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
        label="Base URL"
        value={profile.baseUrl}
        placeholder="https://…/v1"
        managed={locked('baseUrl')}
        onChange={(value) => setProfile({ baseUrl: value })}
      >
        {sendsKeyInClear(profile.baseUrl) ? (
          <p className="hint warning" role="note" data-testid="llm-cleartext-warning">
            This address is plain http:// on the internet: your API key and the text you check would travel unencrypted.
            Use https:// if the server offers it.
          </p>
        ) : null}
      </UrlField>
      <KeyInput
        id="llm-api-key"
        testId="llm-api-key"
        label={MODEL_PRESETS[preset].needsKey ? 'API key' : 'API key (optional)'}
        saved={profile.apiKeySaved}
        managed={locked('apiKey')}
        typed={form.typedKeys[slot]}
        onChange={(value) => update((f) => ({ ...f, typedKeys: { ...f.typedKeys, [slot]: value } }))}
      />
      <TextField
        id="llm-model-fast"
        label="Fast model (finds claims)"
        list="llm-models"
        value={profile.fastModel}
        managed={locked('fastModel')}
        onChange={(value) => setProfile({ fastModel: value })}
      />
      <TextField
        id="llm-model-strong"
        label="Strong model (judges evidence)"
        list="llm-models"
        value={profile.strongModel}
        managed={locked('strongModel')}
        onChange={(value) => setProfile({ strongModel: value })}
      />
      {compact ? (
        <details className="more-options">
          <summary>More options</summary>
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
          Test connection
        </button>
      </div>
      <ConnectionResult result={test.result} pending={test.pending} runs={test.runs} testId="test-llm-result" />
    </>
  );
}
