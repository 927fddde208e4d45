import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { ON_DEVICE_MESSAGES } from '../../../../lib/llm/on-device-messages';
import { chooseEngine, wantsOnDevice } from '../../../../lib/settings/engine';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';

const status = (availability: 'missing' | 'unavailable' | 'downloadable' | 'downloading' | 'available' | 'policy') => ({
  availability,
  message: `status ${availability}`,
});
const withEngine = (engine: Settings['checking']['engine'], model = DEFAULT_SETTINGS.model): Settings => ({
  ...DEFAULT_SETTINGS,
  model,
  checking: { ...DEFAULT_SETTINGS.checking, engine },
});
const ollama: Settings['model'] = {
  preset: 'ollama',
  profiles: {
    ollama: {
      baseUrl: 'http://localhost:11434/v1',
      apiKey: '',
      fastModel: 'llama3.1:8b',
      strongModel: 'llama3.1:8b',
      embeddingModel: '',
      structuredOutput: 'auto',
    },
  },
};

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;

afterEach(() => setMessageSource(browserSource()));

describe('what checks run on', () => {
  it('on a fresh install: the on-device model when the browser has it, else sources only; never a cloud model nobody set up', () => {
    expect(DEFAULT_SETTINGS.checking.engine).toBe('auto');
    expect(chooseEngine(DEFAULT_SETTINGS, status('available'))).toEqual({
      kind: 'on-device',
      label: 'On this device (Chrome)',
    });
    expect(chooseEngine(DEFAULT_SETTINGS, status('downloadable'))).toMatchObject({
      kind: 'evidence-only',
      reason: ON_DEVICE_MESSAGES.downloadable,
      notice: { code: 'on-device-downloadable' },
    });
    expect(wantsOnDevice(DEFAULT_SETTINGS, status('downloadable'))).toBe(true);
    expect(chooseEngine(DEFAULT_SETTINGS, status('missing'))).toMatchObject({
      kind: 'evidence-only',
      reason: ON_DEVICE_MESSAGES.unavailable,
      notice: { code: 'on-device-unavailable' },
    });
    expect(chooseEngine(DEFAULT_SETTINGS, status('unavailable')).kind).toBe('evidence-only');
    expect(wantsOnDevice(DEFAULT_SETTINGS, status('unavailable'))).toBe(false);
  });

  it('prefers the model the person set up, and follows an explicit choice', () => {
    expect(chooseEngine(withEngine('auto', ollama), status('available'))).toMatchObject({
      kind: 'model',
      label: 'Ollama (local) (llama3.1:8b)',
    });
    expect(chooseEngine(withEngine('on-device', ollama), status('available')).kind).toBe('on-device');
    expect(chooseEngine(withEngine('on-device', ollama), status('policy'))).toMatchObject({
      kind: 'evidence-only',
      reason: ON_DEVICE_MESSAGES.policy,
      notice: { code: 'on-device-policy' },
    });
    expect(chooseEngine(withEngine('evidence-only', ollama), status('available'))).toMatchObject({
      kind: 'evidence-only',
      reason: 'You chose sources only in Settings.',
      notice: { code: 'sources-only-chosen' },
    });
    expect(chooseEngine(withEngine('model'), status('available'))).toMatchObject({
      kind: 'evidence-only',
      reason: 'OpenAI needs an API key.',
      notice: { code: 'model-not-set-up', problem: 'needs-key', provider: 'OpenAI' },
    });
  });

  it('says why in the interface language, with the same code beside it', async () => {
    setMessageSource(catalogueSource('es', await catalogue('es'), await catalogue('en')));
    expect(chooseEngine(DEFAULT_SETTINGS, status('downloading'))).toMatchObject({
      kind: 'evidence-only',
      reason:
        'Chrome está descargando el modelo en el dispositivo. Hasta que esté listo, las verificaciones encuentran fuentes para comparar.',
      notice: { code: 'on-device-downloading' },
    });
    expect(chooseEngine(withEngine('model'), status('available'))).toMatchObject({
      reason: 'OpenAI necesita una clave de API.',
    });
    expect(chooseEngine(withEngine('evidence-only'), status('available'))).toMatchObject({
      reason: 'Elegiste solo fuentes en la configuración.',
      notice: { code: 'sources-only-chosen' },
    });
  });
});
