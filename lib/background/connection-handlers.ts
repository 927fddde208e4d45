/**
 * "Test connection" on the options and welcome pages. Part of the engine (engine.ts): a test calls the model
 * or search server through the same adapters a check uses, the model SDK included, which a wake of the worker
 * does not load (issue 27). The network guard lets a test reach the (unsaved) address it tests.
 */
import { testModelConnection } from '../connection/test-model';
import { testSearchConnection } from '../connection/test-search';
import { networkPolicyFor } from '../net/network-policy';
import { activeModelProfile, defaultProfile } from '../settings/active-profile';
import { loadSettingsInForce } from '../settings/managed-store';
import { applyPolicy } from '../settings/policy';
import { SEARCH_POLICY_KEY } from '../settings/policy-fields';
import { profileWithSecrets, resolveKey } from '../settings/redact';
import type { Settings } from '../settings/schema';
import { savedProviderConfig } from '../settings/search-keys';
import type { CommandRouter } from './authorized-handler';
import { allowLocalModelServer } from './local-model-origin';
import type { NetworkGuard } from './network-guard';

export function registerConnectionTestHandlers(router: CommandRouter, guard?: NetworkGuard): void {
  // The guard's failure is logged: the fetcher's own checks of each URL still hold, and nothing else can be done.
  const follow = async (settings: Settings, extra: string[] = []) =>
    guard
      ?.apply(networkPolicyFor(settings, extra))
      .catch((error: unknown) => console.warn('[factlight] network guard not updated', error));

  router.handle('testModelConnection', async ({ preset, profile }) => {
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

  router.handle('testSearchConnection', async ({ provider, baseUrl, apiKey }) => {
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
}
