/**
 * The settings a bench run (or a whole-check test) uses against the loopback world: its model and SearXNG,
 * Wikipedia off. `model` replaces the generic scripted models (a provider mode's preset and profile).
 */
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings/schema';
import type { FactWorld } from '../lib/servers';

export function worldSettings(
  world: FactWorld,
  checking: Partial<Settings['checking']> = {},
  model?: Settings['model'],
): Settings {
  return {
    ...DEFAULT_SETTINGS,
    model: model ?? {
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
