import { ProviderError, type ProviderErrorKind } from '../core/errors';
import type { SearchProviderId } from '../core/ports';
import { t } from '../i18n/i18n';
import type { ConnectionTestResult } from '../messaging/protocol';
import { createSearchProvider, SEARCH_PROVIDER_LABELS, SEARCH_PROVIDER_NEEDS } from '../search';
import { describeFailure } from './describe-error';

const TEST_TIMEOUT_MS = 15_000;
// i18n-exempt: the test query sent to the search provider, never shown to a person.
const TEST_QUERY = 'Marie Curie Nobel Prize';

/** Runs one real query through a search provider, as the pipeline would. */
export async function testSearchConnection(
  provider: SearchProviderId,
  config: { apiKey: string; baseUrl: string },
  deps: { fetch?: typeof fetch } = {},
): Promise<ConnectionTestResult> {
  const label = SEARCH_PROVIDER_LABELS[provider];
  const needs = SEARCH_PROVIDER_NEEDS[provider];
  if (needs === 'url' && !config.baseUrl)
    return { ok: false, error: t('connectionSearchNeedsUrl', { provider: label }) };
  if (needs === 'key' && !config.apiKey) return { ok: false, error: t('settingsNeedsKey', { provider: label }) };
  try {
    const searcher = createSearchProvider(
      provider,
      {
        ...(config.apiKey ? { apiKey: config.apiKey } : {}),
        ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
        timeoutMs: TEST_TIMEOUT_MS,
      },
      deps,
    );
    const results = await searcher.search({ text: TEST_QUERY, maxResults: 3, language: 'en' });
    return {
      ok: true,
      message:
        results.length > 0
          ? t('connectionSearchWorks', { provider: label, count: results.length })
          : t('connectionSearchNothing', { provider: label }),
    };
  } catch (error) {
    const failure = describeFailure(error);
    // The generic fixes speak of a base URL: only a provider with a URL field has one to check.
    if (needs === 'url' || !(error instanceof ProviderError)) return failure;
    const fix = NO_URL_FIXES[error.kind];
    return fix ? { ...failure, fix: fix(label, needs) } : failure;
  }
}

/** Fixes for a provider the person gives no address for (Wikipedia; the keyed services). */
const NO_URL_FIXES: Partial<Record<ProviderErrorKind, (label: string, needs: 'key' | 'none') => string>> = {
  unreachable: (label) => t('connectionSearchFixOffline', { provider: label }),
  timeout: (label) => t('connectionSearchFixSlow', { provider: label }),
  'not-found': (label, needs) =>
    needs === 'key'
      ? t('connectionSearchFixKey', { provider: label })
      : t('connectionSearchFixLater', { provider: label }),
};
