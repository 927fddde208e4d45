import { useCallback } from 'react';

import type { SearchProviderId } from '../../lib/core/ports';
import { t } from '../../lib/i18n/i18n';
import { sendToBackground } from '../../lib/messaging/protocol';
import { SEARCH_PROVIDER_LABELS, SEARCH_PROVIDER_NEEDS } from '../../lib/search';
import { type FormUpdate, isLocked, type OptionsForm } from '../../lib/settings/options-form';
import { SEARCH_POLICY_KEY } from '../../lib/settings/policy-fields';
import { SEARCH_SETTINGS_KEY } from '../../lib/settings/search-keys';
import { ConnectionResult } from './connection-result';
import { lockedProps, ManagedNote, UrlField } from './form-fields';
import { KeyInput } from './key-input';
import { useConnectionTest } from './use-connection-test';

const SEARXNG_EXAMPLE = 'https://searx.example.org';

/**
 * One search provider: on/off, its key or server URL, and "Test connection". When the organisation's
 * policy sets the provider (its server URL or key), the switch and that field are locked together.
 */
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
  const managed = isLocked(form, SEARCH_POLICY_KEY[provider]);

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
            {...lockedProps(managed, 'choice')}
          />
          {label}
        </label>
      </legend>
      <ManagedNote managed={managed} />
      {needs === 'url' ? (
        <UrlField
          id={`${provider}-url`}
          label={t('optionsServerUrl')}
          placeholder={SEARXNG_EXAMPLE}
          value={section.baseUrl ?? ''}
          managed={managed}
          onChange={(value) => setProvider({ baseUrl: value })}
        />
      ) : null}
      {needs === 'key' ? (
        <KeyInput
          id={`${provider}-key`}
          testId={`${provider}-key`}
          label={t('optionsApiKey')}
          saved={Boolean(section.apiKeySaved)}
          managed={managed}
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
          {t('optionsTestConnection')}
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
