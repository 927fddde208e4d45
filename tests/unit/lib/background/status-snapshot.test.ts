import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import {
  dropIfOnDeviceMoved,
  keepStatus,
  keptStatus,
  STATUS_INPUT_KEYS,
  statusSnapshotDropped,
  statusStamp,
} from '../../../../lib/background/status-snapshot';
import { interfaceLanguageItem } from '../../../../lib/i18n/language-setting';
import type { ExtensionStatus } from '../../../../lib/messaging/protocol';
import { settingsItem } from '../../../../lib/settings/store';

const STATUS: ExtensionStatus = { version: '1.0.0', modelConfigured: true };
const KEPT_DOWNLOADING: ExtensionStatus = {
  ...STATUS,
  onDevice: { availability: 'downloading', message: 'The on-device model is downloading.' },
};

describe('the kept status', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the same stored keys as the settings and the interface language', () => {
    expect(STATUS_INPUT_KEYS).toEqual(
      [settingsItem.key, interfaceLanguageItem.key].map((key) => key.replace(/^local:/, '')),
    );
  });

  it('is answered while nothing it was made from has changed', async () => {
    await fakeBrowser.storage.local.set({ settings: { a: 1 }, interfaceLanguage: 'fr' });
    await keepStatus(await statusStamp('1.0.0'), STATUS);
    expect(await keptStatus('1.0.0')).toEqual(STATUS);
  });

  it.each([
    ['the settings', () => fakeBrowser.storage.local.set({ settings: { a: 2 } })],
    ['the interface language', () => fakeBrowser.storage.local.set({ interfaceLanguage: 'ar' })],
    ["the organisation's policy", () => fakeBrowser.storage.managed.set({ modelBaseUrl: 'https://llm.example' })],
  ])('is not answered once %s changed', async (_what, change) => {
    await fakeBrowser.storage.local.set({ settings: { a: 1 }, interfaceLanguage: 'fr' });
    await keepStatus(await statusStamp('1.0.0'), STATUS);
    await change();
    expect(await keptStatus('1.0.0')).toBeUndefined();
  });

  it('is not answered by another version', async () => {
    await keepStatus(await statusStamp('1.0.0'), STATUS);
    expect(await keptStatus('1.0.1')).toBeUndefined();
  });

  it('is answered without asking the on-device model (asked after the answer: dropIfOnDeviceMoved)', async () => {
    await keepStatus(await statusStamp('1.0.0'), KEPT_DOWNLOADING);
    const availability = vi.fn(async () => 'available');
    vi.stubGlobal('LanguageModel', { availability, create: async () => ({}) });
    try {
      expect(await keptStatus('1.0.0')).toEqual(KEPT_DOWNLOADING);
      expect(availability).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each([
    ['the model was downloaded meanwhile', 'available', true],
    ['the model is still downloading', 'downloading', false],
  ])('is dropped after the answer when %s: %s', async (_when, now, dropped) => {
    await keepStatus(await statusStamp('1.0.0'), KEPT_DOWNLOADING);
    const scope = { LanguageModel: { availability: async () => now, create: async () => ({}) } };
    expect(await dropIfOnDeviceMoved(KEPT_DOWNLOADING, scope)).toBe(dropped);
    expect(await keptStatus('1.0.0')).toEqual(dropped ? undefined : KEPT_DOWNLOADING);
  });

  it('is dropped when the browser has no on-device model any more, and when asking it fails', async () => {
    await keepStatus(await statusStamp('1.0.0'), KEPT_DOWNLOADING);
    expect(await dropIfOnDeviceMoved(KEPT_DOWNLOADING, {})).toBe(true);
    const policy = {
      onDevice: { availability: 'policy' as const, message: '' },
      version: '1.0.0',
      modelConfigured: true,
    };
    const refused = Object.assign(new Error('off'), { name: 'NotAllowedError' });
    const scope = { LanguageModel: { availability: async () => Promise.reject(refused), create: async () => ({}) } };
    expect(await dropIfOnDeviceMoved(policy, scope)).toBe(false);
  });

  it('tells pages when it was dropped, not when it was kept again', async () => {
    const seen: boolean[] = [];
    fakeBrowser.storage.onChanged.addListener((changes, area) => void seen.push(statusSnapshotDropped(changes, area)));
    await keepStatus(await statusStamp('1.0.0'), KEPT_DOWNLOADING);
    await dropIfOnDeviceMoved(KEPT_DOWNLOADING, {});
    // The same key in another area is not the snapshot.
    await fakeBrowser.storage.local.set({ statusSnapshot: 1 });
    await fakeBrowser.storage.local.remove('statusSnapshot');
    expect(seen).toEqual([false, true, false, false]);
  });

  it('keeps a digest, never the settings (they hold API keys)', async () => {
    await fakeBrowser.storage.local.set({ settings: { apiKey: 'sk-secret-123' } });
    await keepStatus(await statusStamp('1.0.0'), STATUS);
    expect(JSON.stringify(await fakeBrowser.storage.session.get())).not.toContain('sk-secret-123');
  });
});
