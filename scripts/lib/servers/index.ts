/**
 * Loopback servers that stand in for the remote services Factlight talks to, so tests never reach the
 * internet. This entry point has the three most tests start together (`startAllServers`: an
 * OpenAI-compatible model server, SearXNG, and a web server for evidence pages) and their shared helpers.
 * The others are imported from their own files beside it: Crossref and the Wayback Machine (link audit),
 * Wikipedia and Wikidata at their real hosts (wikimedia-origin), saved pages at their real HTTPS origins
 * (https-origin), the fake on-device model, and the fact world that starts a whole set for one text.
 */
import { type OpenAiServer, type OpenAiServerOptions, startOpenAiServer } from './openai-server';
import { type SearxngServer, type SearxngServerOptions, startSearxngServer } from './searxng-server';
import { startWebServer, type WebServer, type WebServerOptions } from './web-server';

export * from './embeddings';
export * from './faults';
export * from './harness';
export * from './json-schema-example';
export * from './openai-server';
export * from './searxng-server';
export * from './web-server';

/** Options for each server started by {@link startAllServers}. */
export interface AllServersOptions {
  openai?: OpenAiServerOptions;
  searxng?: SearxngServerOptions;
  web?: WebServerOptions;
}

/** The three servers, closed together. */
export interface AllServers {
  openai: OpenAiServer;
  searxng: SearxngServer;
  web: WebServer;
  /** Closes all three (hanging requests included). */
  close(): Promise<void>;
}

/** Starts the OpenAI-compatible, SearXNG and web servers; if one fails to start, the others are closed. */
export async function startAllServers(options: AllServersOptions = {}): Promise<AllServers> {
  const started = await Promise.allSettled([
    startOpenAiServer(options.openai),
    startSearxngServer(options.searxng),
    startWebServer(options.web),
  ] as const);
  const [openai, searxng, web] = started;
  if (openai.status !== 'fulfilled' || searxng.status !== 'fulfilled' || web.status !== 'fulfilled') {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    const failure = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    throw failure?.reason instanceof Error ? failure.reason : new Error('a test server failed to start');
  }
  return {
    openai: openai.value,
    searxng: searxng.value,
    web: web.value,
    close: async () => {
      await Promise.all([openai.value.close(), searxng.value.close(), web.value.close()]);
    },
  };
}
export * from './fact-world';
export * from './https-origin';
export * from './latency';
export * from './public-names';
export * from './schema-order';
export * from './start-fact-world';
export * from './wikimedia-origin';
export * from './world-article';
