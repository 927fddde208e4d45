/** The settings a bench run uses against the loopback world: its model and SearXNG, Wikipedia off. */
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings/schema';
import type { FactWorld } from '../lib/servers';

export function worldSettings(world: FactWorld, checking: Partial<Settings['checking']> = {}): Settings {
  return {
    ...DEFAULT_SETTINGS,
    model: {
      preset: 'custom',
      profiles: {
        custom: {
          baseUrl: world.model.baseUrl,
          apiKey: '',
          fastModel: 'fake-fast',
          strongModel: 'fake-strong',
          embeddingModel: '',
          structuredOutput: 'json_schema',
        },
      },
    },
    search: {
      ...DEFAULT_SETTINGS.search,
      wikipedia: { enabled: false },
      searxng: { enabled: true, baseUrl: world.searxng.baseUrl },
    },
    // The world's servers are on 127.0.0.1.
    evidence: { ...DEFAULT_SETTINGS.evidence, allowPrivateNetwork: true },
    checking: { ...DEFAULT_SETTINGS.checking, ...checking },
  };
}
