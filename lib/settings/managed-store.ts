/**
 * The organisation's policy as the browser gives it to this extension: `storage.managed`, filled by
 * Chrome from its policy folders, registry or plist (`3rdparty.extensions.<id>`, checked against
 * public/managed-schema.json) and by Firefox from policies.json (`3rdparty.Extensions.<gecko id>`).
 * Read by the background only, fresh for every use, so a changed policy applies to the next check
 * (Chrome reloads policies while running; Firefox reads them once at start-up).
 */
import { browser } from 'wxt/browser';

import { errorMessage } from '../core/errors';
import { applyPolicy, NO_POLICY, parsePolicy, type Policy } from './policy';
import type { Settings } from './schema';
import { loadSettings } from './store';

/**
 * Firefox rejects `storage.managed.get()` when no policy names this add-on ("Managed storage manifest not
 * found", ext-storage.js); that is no policy, not a failure.
 */
const NO_MANAGED_STORAGE = /managed storage manifest not found/i;

/** The policy now, checked key by key; a storage that cannot be read is a warning, never a broken extension. */
export async function readPolicy(): Promise<Policy> {
  const managed = (browser.storage as { managed?: { get(): Promise<Record<string, unknown>> } }).managed;
  if (!managed) return NO_POLICY;
  try {
    return parsePolicy(await managed.get());
  } catch (error) {
    const message = errorMessage(error);
    if (NO_MANAGED_STORAGE.test(message)) return NO_POLICY;
    return { values: {}, warnings: [{ code: 'unreadable', reason: message }] };
  }
}

export interface SettingsInForce {
  /** The person's own settings, as stored. */
  own: Settings;
  policy: Policy;
  /** What checks run with: `own` with the policy over it. */
  effective: Settings;
}

export async function loadSettingsInForce(): Promise<SettingsInForce> {
  const [own, policy] = await Promise.all([loadSettings(), readPolicy()]);
  return { own, policy, effective: applyPolicy(own, policy) };
}

/** The settings checks run with now (the background's only way to read settings for work). */
export async function loadEffectiveSettings(): Promise<Settings> {
  return (await loadSettingsInForce()).effective;
}

/**
 * Calls `listener` when the policy changes while the browser runs (Chrome's `storage.onChanged` with area
 * "managed", after a policy reload). Firefox never fires it: its policy changes with a restart.
 */
export function onPolicyChanged(
  listener: () => void,
  storageChanged: Pick<typeof browser.storage.onChanged, 'addListener'> = browser.storage.onChanged,
): void {
  storageChanged.addListener((_changes, area) => {
    if (area === 'managed') listener();
  });
}
