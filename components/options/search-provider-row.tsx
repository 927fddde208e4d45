import { useCallback } from 'react';

import type { SearchProviderId } from '../../lib/core/ports';
import { sendToBackground } from '../../lib/messaging/protocol';
import { SEARCH_PROVIDER_LABELS, SEARCH_PROVIDER_NEEDS } from '../../lib/search';
import type { FormUpdate, OptionsForm } from '../../lib/settings/options-form';
import { SEARCH_SETTINGS_KEY } from '../../lib/settings/search-keys';
import { ConnectionResult } from './connection-result';
import { UrlField } from './form-fields';
import { KeyInput } from './key-input';
import { useConnectionTest } from './use-connection-test';

/** One search provider: on/off, its key or server URL, and "Test connection". */
export function SearchProviderRow({
  provider,
  form,
  update,
}: {
  provider: SearchProviderId;
  form: OptionsForm;
  update: FormUpdate;
}) {
  const key = SEARCH_SETTINGS_KEY[provider];
  const section: { enabled: boolean; baseUrl?: string; apiKeySaved?: boolean } = form.settings.search[key];
  const needs = SEARCH_PROVIDER_NEEDS[provider];
  const label = SEARCH_PROVIDER_LABELS[provider];
  const slot = `search:${key}` as const;
  const typedKey = form.typedKeys[slot];

  const setProvider = (change: { enabled?: boolean; baseUrl?: string }) =>
    update((f) => ({
      ...f,
      settings: { ...f.settings, search: { ...f.settings.search, [key]: { ...f.settings.search[key], ...change } } },
    }));

  const test = useConnectionTest(
    useCallback(
      () =>
        sendToBackground('testSearchConnection', {
          provider,
          ...(section.baseUrl !== undefined ? { baseUrl: section.baseUrl } : {}),
          ...(typedKey !== undefined ? { apiKey: typedKey } : {}),
        }),
      [provider, section.baseUrl, typedKey],
    ),
    JSON.stringify([section.baseUrl, typedKey]),
  );

  return (
    <fieldset className="provider">
      <legend>
        <label>
          <input
            type="checkbox"
            data-testid={`search-${provider}`}
            checked={section.enabled}
            onChange={(e) => setProvider({ enabled: e.target.checked })}
          />
          {label}
        </label>
      </legend>
      {needs === 'url' ? (
        <UrlField
          id={`${provider}-url`}
          label="Server URL"
          placeholder="https://searx.example.org"
          value={section.baseUrl ?? ''}
          onChange={(value) => setProvider({ baseUrl: value })}
        />
      ) : null}
      {needs === 'key' ? (
        <KeyInput
          id={`${provider}-key`}
          testId={`${provider}-key`}
          label="API key"
          saved={Boolean(section.apiKeySaved)}
          typed={typedKey}
          onChange={(value) => update((f) => ({ ...f, typedKeys: { ...f.typedKeys, [slot]: value } }))}
        />
      ) : null}
      <div className="row">
        <button
          type="button"
          className="secondary"
          data-testid={`test-search-${provider}`}
          onClick={test.start}
          disabled={test.pending}
        >
          Test connection
        </button>
      </div>
      <ConnectionResult
        result={test.result}
        pending={test.pending}
        runs={test.runs}
        testId={`test-search-${provider}-result`}
      />
    </fieldset>
  );
}
