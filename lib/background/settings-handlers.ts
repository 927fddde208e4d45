import { ZodError } from 'zod';

import { testModelConnection } from '../connection/test-model';
import { testSearchConnection } from '../connection/test-search';
import { t } from '../i18n/i18n';
import { onDeviceStatus } from '../llm/on-device-download';
import { languageModelOf } from '../llm/prompt-api';
import type { SaveSettingsResult } from '../messaging/protocol';
import { networkPolicyFor } from '../net/network-policy';
import { activeModelProfile, defaultProfile, modelSetupProblem } from '../settings/active-profile';
import { headersProblem } from '../settings/custom-headers';
import { chooseEngine, type EngineInUse, wantsOnDevice } from '../settings/engine';
import { loadSettingsInForce, onPolicyChanged, type SettingsInForce } from '../settings/managed-store';
import type { ModelPresetId } from '../settings/model-presets';
import {
  applyPolicy,
  keepOwnManaged,
  lockedKeysChangedBy,
  managedSummary,
  organisationModelServer,
  type Policy,
} from '../settings/policy';
import { SEARCH_POLICY_KEY } from '../settings/policy-fields';
import {
  applyDraft,
  profileWithSecrets,
  type PublicSettings,
  redactSettings,
  resolveKey,
  type SettingsDraft,
} from '../settings/redact';
import type { Settings } from '../settings/schema';
import { savedProviderConfig } from '../settings/search-keys';
import { parseSettingsFile } from '../settings/settings-file';
import { saveSettings } from '../settings/store';
import { handleCommand, type OwnExtension } from './authorized-handler';
import { interfaceLanguageReady } from './interface-language';
import { allowLocalModelServer } from './local-model-origin';
import type { NetworkGuard } from './network-guard';

/** Settings as pages see them: the ones in force, without secrets, with which keys the organisation locks. */
function publicSettings(policy: Policy, effective: Settings): PublicSettings {
  return { ...redactSettings(effective), managed: managedSummary(policy) };
}

/** The model in words, naming the organisation's server when its policy set the model up. */
function engineWithOrganisation(engine: EngineInUse, inForce: SettingsInForce): EngineInUse {
  const server = organisationModelServer(inForce.policy, inForce.effective);
  if (engine.kind !== 'model' || !server) return engine;
  const model = activeModelProfile(inForce.effective.model).strongModel || 'model';
  return { ...engine, label: `${server} (${model})`, managedServer: server };
}

/** Restores the session rule for the model server in force (it vanishes with the browser session). */
async function allowModelServerInForce(): Promise<void> {
  const { effective } = await loadSettingsInForce();
  await allowLocalModelServer(activeModelProfile(effective.model).baseUrl);
}

/**
 * Saves `next` (the person's settings with a draft or an import merged in) with every key the policy
 * locks put back to the person's own value; answers the settings now in force, for the page (without secrets)
 * and, when saved, whole for the network guard.
 */
async function saveOwn(
  next: Settings,
  inForce: SettingsInForce,
): Promise<{ answer: SaveSettingsResult; effective?: Settings }> {
  try {
    const stored = await saveSettings(keepOwnManaged(next, inForce.own, inForce.policy));
    const effective = applyPolicy(stored, inForce.policy);
    await allowLocalModelServer(activeModelProfile(effective.model).baseUrl);
    return { answer: { ok: true, settings: publicSettings(inForce.policy, effective) }, effective };
  } catch (error) {
    if (error instanceof ZodError) {
      const problems = error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      return { answer: { ok: false, error: problems } };
    }
    throw error;
  }
}

/**
 * Why a draft's custom headers cannot be saved, in the person's language (custom-headers.ts says what may
 * be sent); undefined when they can. The page says it under each row too: this is for any other sender.
 */
async function headersRefusal(draft: SettingsDraft, saved: Settings): Promise<string | undefined> {
  // Said in the chosen interface language, also when this message woke the background.
  await interfaceLanguageReady();
  for (const preset of Object.keys(draft.model.profiles) as ModelPresetId[]) {
    const savedNames = Object.keys(saved.model.profiles[preset]?.headers ?? {});
    const found = headersProblem(draft.model.profiles[preset]?.headers, savedNames);
    if (found)
      return t('customHeaderNotSaved', { name: found.name, problem: t(`customHeaderProblem_${found.problem}`) });
  }
  return undefined;
}

/**
 * Settings commands for the options and welcome pages. Keys are merged in here and never sent back out;
 * keys the organisation's policy sets are read from managed storage and cannot be changed from a page. The
 * network guard follows every save, and lets a connection test reach the (unsaved) address it tests.
 */
export function registerSettingsHandlers(own: OwnExtension, version: string, guard?: NetworkGuard): void {
  // The guard's failure is logged: the fetcher's own checks of each URL still hold, and nothing else can be done.
  const follow = async (settings: Settings, extra: string[] = []) =>
    guard
      ?.apply(networkPolicyFor(settings, extra))
      .catch((error: unknown) => console.warn('[factlight] network guard not updated', error));

  // Session rules vanish with the browser session; restore the one for the model server in force. Settings
  // that cannot be read are logged only: every page that needs them asks and says so itself.
  const restoreRule = () =>
    allowModelServerInForce().catch((error: unknown) =>
      console.warn('[factlight] local model server rule not restored', error),
    );
  void restoreRule();
  // A policy changed while the browser runs (Chrome) may name another model server.
  onPolicyChanged(() => void restoreRule());

  handleCommand(own, 'getSettings', async () => {
    const { policy, effective } = await loadSettingsInForce();
    return publicSettings(policy, effective);
  });

  handleCommand(own, 'saveSettings', async (draft) => {
    const inForce = await loadSettingsInForce();
    const refused = await headersRefusal(draft, inForce.own);
    if (refused) return { ok: false, error: refused };
    const { answer, effective } = await saveOwn(applyDraft(inForce.own, draft), inForce);
    if (effective) await follow(effective);
    return answer;
  });

  handleCommand(own, 'importSettings', async ({ json }) => {
    // What is wrong with a file is said in the chosen interface language, also when this message woke the background.
    await interfaceLanguageReady();
    const inForce = await loadSettingsInForce();
    const file = parseSettingsFile(json, inForce.own);
    if (!file.ok) return file;
    const refused = await headersRefusal(file.draft, inForce.own);
    if (refused) return { ok: false, error: refused };
    const next = applyDraft(inForce.own, file.draft);
    const { answer: saved, effective } = await saveOwn(next, inForce);
    if (effective) await follow(effective);
    return saved.ok
      ? { ...saved, locked: lockedKeysChangedBy(next, inForce.effective, inForce.policy, file.sections) }
      : saved;
  });

  handleCommand(own, 'testModelConnection', async ({ preset, profile }) => {
    const inForce = await loadSettingsInForce();
    const saved = inForce.effective.model.profiles[preset] ?? defaultProfile(preset);
    const typed = profileWithSecrets(profile, saved);
    // The form's values, with what the policy locks put back over them: a locked field tests as it is set.
    const tested = applyPolicy(
      { ...inForce.own, model: { preset, profiles: { ...inForce.own.model.profiles, [preset]: typed } } },
      inForce.policy,
    );
    const testedProfile = activeModelProfile(tested.model);
    await allowLocalModelServer(testedProfile.baseUrl);
    await follow(inForce.effective, [testedProfile.baseUrl]);
    return testModelConnection(tested.model.preset, testedProfile);
  });

  handleCommand(own, 'testSearchConnection', async ({ provider, baseUrl, apiKey }) => {
    const inForce = await loadSettingsInForce();
    const saved = savedProviderConfig(inForce.effective.search, provider);
    // A provider the policy sets is tested with the policy's server and key, whatever the form sent.
    const locked = Object.hasOwn(inForce.policy.values, SEARCH_POLICY_KEY[provider]);
    const target = locked ? saved.baseUrl : (baseUrl ?? saved.baseUrl);
    await follow(inForce.effective, target ? [target] : []);
    return testSearchConnection(provider, {
      baseUrl: target,
      apiKey: locked ? saved.apiKey : resolveKey(apiKey, saved, target),
    });
  });

  handleCommand(own, 'getStatus', async () => {
    const inForce = await loadSettingsInForce();
    const settings = inForce.effective;
    // What checks run on: the pages show it and how to switch (the service worker is where checks run).
    const onDevice = await onDeviceStatus(languageModelOf(globalThis));
    return {
      version,
      modelConfigured: modelSetupProblem(settings.model) === undefined,
      engine: engineWithOrganisation(chooseEngine(settings, onDevice), inForce),
      onDevice,
      wantsOnDevice: wantsOnDevice(settings, onDevice),
    };
  });
}
