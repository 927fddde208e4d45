import { ZodError } from 'zod';

import { testModelConnection } from '../connection/test-model';
import { testSearchConnection } from '../connection/test-search';
import { onDeviceStatus } from '../llm/on-device-download';
import { languageModelOf } from '../llm/prompt-api';
import { networkPolicyFor } from '../net/network-policy';
import { activeModelProfile, defaultProfile, modelSetupProblem } from '../settings/active-profile';
import { chooseEngine, wantsOnDevice } from '../settings/engine';
import { applyDraft, redactSettings, resolveKey } from '../settings/redact';
import type { Settings } from '../settings/schema';
import { savedProviderConfig } from '../settings/search-keys';
import { loadSettings, saveSettings } from '../settings/store';
import { handleCommand, type OwnExtension } from './authorized-handler';
import { allowLocalModelServer } from './local-model-origin';
import type { NetworkGuard } from './network-guard';

/**
 * Settings commands for the options page; keys are merged in here and never sent back out. The network
 * guard follows every save, and lets a connection test reach the (unsaved) address it tests.
 */
export function registerSettingsHandlers(own: OwnExtension, version: string, guard?: NetworkGuard): void {
  // The guard's failure is logged: the fetcher's own checks of each URL still hold, and nothing else can be done.
  const follow = async (settings: Settings, extra: string[] = []) =>
    guard
      ?.apply(networkPolicyFor(settings, extra))
      .catch((error: unknown) => console.warn('[factlight] network guard not updated', error));

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
      await follow(saved);
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
    await follow(settings, [profile.baseUrl]);
    return testModelConnection(preset, { ...profile, apiKey: resolveKey(profile.apiKey, saved, profile.baseUrl) });
  });

  handleCommand(own, 'testSearchConnection', async ({ provider, baseUrl, apiKey }) => {
    const settings = await loadSettings();
    const saved = savedProviderConfig(settings.search, provider);
    const target = baseUrl ?? saved.baseUrl;
    await follow(settings, target ? [target] : []);
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
