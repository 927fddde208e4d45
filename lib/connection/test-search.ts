import { ProviderError, type ProviderErrorKind } from '../core/errors';
import type { SearchProviderId } from '../core/ports';
import type { ConnectionTestResult } from '../messaging/protocol';
import { createSearchProvider, SEARCH_PROVIDER_LABELS, SEARCH_PROVIDER_NEEDS } from '../search';
import { describeFailure } from './describe-error';

const TEST_TIMEOUT_MS = 15_000;
const TEST_QUERY = 'Marie Curie Nobel Prize';

/** Runs one real query through a search provider, as the pipeline would. */
export async function testSearchConnection(
  provider: SearchProviderId,
  config: { apiKey: string; baseUrl: string },
  deps: { fetch?: typeof fetch } = {},
): Promise<ConnectionTestResult> {
  const label = SEARCH_PROVIDER_LABELS[provider];
  const needs = SEARCH_PROVIDER_NEEDS[provider];
  if (needs === 'url' && !config.baseUrl) return { ok: false, error: `Enter the base URL of your ${label} server.` };
  if (needs === 'key' && !config.apiKey) return { ok: false, error: `${label} needs an API key.` };
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
          ? `${label} works: ${results.length} results for a test query.`
          : `${label} answered, but found nothing for a test query; check its engines.`,
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
  unreachable: (label) => `Check that this computer is online and that nothing (a firewall, a proxy) blocks ${label}.`,
  timeout: (label) => `${label} is slow or unreachable from here; try again in a moment.`,
  'not-found': (label, needs) =>
    needs === 'key'
      ? `${label} did not recognise the request; check the API key.`
      : `${label} did not recognise the request; try again later.`,
};
