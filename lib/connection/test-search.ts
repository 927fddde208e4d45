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
    return describeFailure(error);
  }
}
