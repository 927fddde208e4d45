import { browser } from 'wxt/browser';
import { core } from 'zod/mini';

import { t } from '../i18n/i18n';
import { onDeviceStatus } from '../llm/on-device-download';
import { languageModelOf } from '../llm/prompt-api';
import type { SaveSettingsResult } from '../messaging/protocol';
import { networkPolicyFor } from '../net/network-policy';
import { activeModelProfile, modelSetupProblem } from '../settings/active-profile';
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
import { applyDraft, type PublicSettings, redactSettings, type SettingsDraft } from '../settings/redact';
import type { Settings } from '../settings/schema';
import { parseSettingsFile } from '../settings/settings-file';
import { saveSettings } from '../settings/store';
import type { CommandRouter } from './authorized-handler';
import { interfaceLanguageReady } from './interface-language';
import { allowLocalModelServer, allowModelServerInForce } from './local-model-origin';
import type { NetworkGuard } from './network-guard';
import { keepStatus, statusStamp } from './status-snapshot';
import type { WorkerEvents } from './worker-events';

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
    if (error instanceof core.$ZodError) {
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
 * network guard follows every save. Connection tests are the engine's (connection-handlers.ts): they need the
 * model SDK, which a wake of the worker does not load (issue 27).
 */
export function registerSettingsHandlers(
  router: CommandRouter,
  version: string,
  guard?: NetworkGuard,
  events: Pick<WorkerEvents, 'storage'> = browser,
): void {
  // The guard's failure is logged: the fetcher's own checks of each URL still hold, and nothing else can be done.
  const follow = async (settings: Settings, extra: string[] = []) =>
    guard
      ?.apply(networkPolicyFor(settings, extra))
      .catch((error: unknown) => console.warn('[factlight] network guard not updated', error));

  // The session rule for the model server in force is restored by the engine when it starts (the worker starts it
  // at each browser start, install and update: entrypoints/background.ts). A policy changed while the browser runs
  // (Chrome) may name another model server. Settings that cannot be read are logged only: every page that needs
  // them asks and says so itself.
  onPolicyChanged(
    () =>
      void allowModelServerInForce().catch((error: unknown) =>
        console.warn('[factlight] local model server rule not restored', error),
      ),
    events.storage.onChanged,
  );

  router.handle('getSettings', async () => {
    // Said in the chosen interface language (the organisation's server named in words), also after a wake.
    const [{ policy, effective }] = await Promise.all([loadSettingsInForce(), interfaceLanguageReady()]);
    return publicSettings(policy, effective);
  });

  router.handle('saveSettings', async (draft) => {
    const inForce = await loadSettingsInForce();
    const refused = await headersRefusal(draft, inForce.own);
    if (refused) return { ok: false, error: refused };
    const { answer, effective } = await saveOwn(applyDraft(inForce.own, draft), inForce);
    if (effective) await follow(effective);
    return answer;
  });

  router.handle('importSettings', async ({ json }) => {
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

  router.handle('getStatus', async () => {
    // Stamped before anything is read: a change made meanwhile leaves the kept status unused (status-snapshot.ts).
    const stamp = statusStamp(version);
    // What checks run on: the pages show it and how to switch (the service worker is where checks run). The
    // on-device model's availability is asked of the browser while the settings are read.
    // The model's label may name the organisation's server in words: the interface language is loaded meanwhile.
    const [inForce, onDevice] = await Promise.all([
      loadSettingsInForce(),
      onDeviceStatus(languageModelOf(globalThis)),
      interfaceLanguageReady(),
    ]);
    const settings = inForce.effective;
    const status = {
      version,
      modelConfigured: modelSetupProblem(settings.model) === undefined,
      engine: engineWithOrganisation(chooseEngine(settings, onDevice), inForce),
      onDevice,
      wantsOnDevice: wantsOnDevice(settings, onDevice),
    };
    // Kept for the doorway's next answer after a pause, only when nothing changed while it was worked out (a stamp
    // taken again now is the same); a status not kept is only worked out again then.
    void Promise.all([stamp, statusStamp(version)])
      .then(([before, after]) => (before === after ? keepStatus(before, status) : undefined))
      .catch((error: unknown) => console.warn('[factlight] status not kept', error));
    return status;
  });
}
