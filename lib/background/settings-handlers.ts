import { ZodError } from 'zod';

import { testModelConnection } from '../connection/test-model';
import { testSearchConnection } from '../connection/test-search';
import { onDeviceStatus } from '../llm/on-device-download';
import { languageModelOf } from '../llm/prompt-api';
import { activeModelProfile, defaultProfile, modelSetupProblem } from '../settings/active-profile';
import { chooseEngine, wantsOnDevice } from '../settings/engine';
import { applyDraft, redactSettings, resolveKey } from '../settings/redact';
import { savedProviderConfig } from '../settings/search-keys';
import { loadSettings, saveSettings } from '../settings/store';
import { handleCommand, type OwnExtension } from './authorized-handler';
import { allowLocalModelServer } from './local-model-origin';

/** Settings commands for the options page; keys are merged in here and never sent back out. */
export function registerSettingsHandlers(own: OwnExtension, version: string): void {
  // Session rules vanish with the browser session; restore the one for the saved model server. Settings
  // that cannot be read are logged only: every page that needs them asks and says so itself.
  loadSettings()
    .then((settings) => allowLocalModelServer(activeModelProfile(settings.model).baseUrl))
    .catch((error: unknown) => console.warn('[factlight] local model server rule not restored', error));

  handleCommand(own, 'getSettings', async () => redactSettings(await loadSettings()));

  handleCommand(own, 'saveSettings', async (draft) => {
    try {
      const saved = await saveSettings(applyDraft(await loadSettings(), draft));
      await allowLocalModelServer(activeModelProfile(saved.model).baseUrl);
      return { ok: true as const, settings: redactSettings(saved) };
    } catch (error) {
      if (error instanceof ZodError) {
        return {
          ok: false as const,
          error: error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        };
      }
      throw error;
    }
  });

  handleCommand(own, 'testModelConnection', async ({ preset, profile }) => {
    const settings = await loadSettings();
    const saved = settings.model.profiles[preset] ?? defaultProfile(preset);
    await allowLocalModelServer(profile.baseUrl);
    return testModelConnection(preset, { ...profile, apiKey: resolveKey(profile.apiKey, saved, profile.baseUrl) });
  });

  handleCommand(own, 'testSearchConnection', async ({ provider, baseUrl, apiKey }) => {
    const saved = savedProviderConfig((await loadSettings()).search, provider);
    const target = baseUrl ?? saved.baseUrl;
    return testSearchConnection(provider, { baseUrl: target, apiKey: resolveKey(apiKey, saved, target) });
  });

  handleCommand(own, 'getStatus', async () => {
    const settings = await loadSettings();
    // What checks run on: the pages show it and how to switch (the service worker is where checks run).
    const onDevice = await onDeviceStatus(languageModelOf(globalThis));
    return {
      version,
      modelConfigured: modelSetupProblem(settings.model) === undefined,
      engine: chooseEngine(settings, onDevice),
      onDevice,
      wantsOnDevice: wantsOnDevice(settings, onDevice),
    };
  });
}
