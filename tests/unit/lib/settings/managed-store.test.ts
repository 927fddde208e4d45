/**
 * The policy as the browser hands it over (storage.managed): read fresh for every use, so a change applies
 * to the next check; no policy at all is no warning; a policy that cannot be read is one, never a failure.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import {
  loadEffectiveSettings,
  loadSettingsInForce,
  onPolicyChanged,
  readPolicy,
} from '../../../../lib/settings/managed-store';
import { DEFAULT_SETTINGS } from '../../../../lib/settings/schema';
import { saveSettings } from '../../../../lib/settings/store';

beforeEach(() => fakeBrowser.reset());

describe('the policy in managed storage', () => {
  it('is none when the browser holds nothing for the extension', async () => {
    expect(await readPolicy()).toEqual({ values: {}, warnings: [] });
    expect(await loadEffectiveSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('is none when Firefox has no policy for the add-on (it rejects the read)', async () => {
    vi.spyOn(browser.storage.managed, 'get').mockRejectedValue(new Error('Managed storage manifest not found'));
    expect(await readPolicy()).toEqual({ values: {}, warnings: [] });
  });

  it('is a warning, and the person’s settings, when it cannot be read', async () => {
    vi.spyOn(browser.storage.managed, 'get').mockRejectedValue(new Error('storage is broken'));
    const { policy, effective } = await loadSettingsInForce();
    expect(policy.warnings).toEqual([{ code: 'unreadable', reason: 'storage is broken' }]);
    expect(effective).toEqual(DEFAULT_SETTINGS);
  });

  it('is read again for every use, so a changed policy applies to the next one', async () => {
    await saveSettings({ ...DEFAULT_SETTINGS, checking: { ...DEFAULT_SETTINGS.checking, mode: 'thorough' } });
    await fakeBrowser.storage.managed.set({ baseUrl: 'http://127.0.0.1:1/v1', fastModel: 'a', strongModel: 'b' });
    const first = await loadSettingsInForce();
    expect(first.effective.model.profiles.custom?.baseUrl).toBe('http://127.0.0.1:1/v1');
    expect(first.effective.checking.mode).toBe('thorough');
    expect(first.own.model.profiles.custom).toBeUndefined();

    await fakeBrowser.storage.managed.set({ baseUrl: 'http://127.0.0.1:2/v1' });
    expect((await loadEffectiveSettings()).model.profiles.custom?.baseUrl).toBe('http://127.0.0.1:2/v1');
  });

  it('tells the background when it changes while the browser runs', async () => {
    const changed = vi.fn();
    onPolicyChanged(changed);
    await fakeBrowser.storage.local.set({ unrelated: 1 });
    expect(changed).not.toHaveBeenCalled();
    await fakeBrowser.storage.managed.set({ wikipedia: false });
    expect(changed).toHaveBeenCalledTimes(1);
  });
});
