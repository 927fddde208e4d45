import { WORLD_TOPICS, worldPages, worldResponder, worldSearch } from './fact-world';
import { type OpenAiServer, startOpenAiServer } from './openai-server';
import type { ProviderRules } from './provider-rules';
import { type SearxngServer, startSearxngServer } from './searxng-server';
import { startWebServer, type WebServer } from './web-server';

export interface FactWorld {
  model: OpenAiServer;
  searxng: SearxngServer;
  /** One evidence site per topic, each on its own loopback address (so each is its own host). */
  sites: Map<string, WebServer>;
  /** Every request any of the servers received. */
  requestCount(): number;
  close(): Promise<void>;
}

/**
 * Starts the scripted model, SearXNG and the evidence sites of the fact world; `longPages` archive records per
 * main page make passages long (see worldPages); `embeddings: false` makes the model server one without embeddings.
 */
export async function startFactWorld(
  options: { apiKey?: string; provider?: ProviderRules; longPages?: number; embeddings?: boolean } = {},
): Promise<FactWorld> {
  // With a provider's rules the model server behaves as that provider and lists its models.
  const models = options.provider ? {} : { models: ['fake-fast', 'fake-strong'] };
  const model = await startOpenAiServer({
    ...models,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.embeddings === false ? { embeddings: false } : {}),
  });
  model.respondWith(worldResponder);
  const sites = new Map<string, WebServer>();
  for (const [index, topic] of WORLD_TOPICS.entries()) {
    const site = await startWebServer({ host: `127.0.0.${index + 2}` });
    const pages = worldPages(topic, { longPages: options.longPages ?? 0 });
    for (const [path, body] of Object.entries(pages)) site.route(path, { body });
    sites.set(topic, site);
  }
  const searxng = await startSearxngServer();
  searxng.setResults(worldSearch((topic) => sites.get(topic)!.origin));
  return {
    model,
    searxng,
    sites,
    requestCount: () =>
      model.requests.length +
      searxng.requests.length +
      [...sites.values()].reduce((sum, site) => sum + site.requests.length, 0),
    async close() {
      await Promise.all([model.close(), searxng.close(), ...[...sites.values()].map((site) => site.close())]);
    },
  };
}
