import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import {
  dropIfStale,
  keepStatus,
  keptStatus,
  STATUS_INPUT_KEYS,
  statusSnapshotDropped,
  statusStamp,
} from '../../../../lib/background/status-snapshot';
import { interfaceLanguageItem } from '../../../../lib/i18n/language-setting';
import type { ExtensionStatus } from '../../../../lib/messaging/protocol';
import { settingsItem } from '../../../../lib/settings/store';

/** As the router keeps it in a browser without the on-device model (a scope without LanguageModel). */
const STATUS: ExtensionStatus = {
  version: '1.0.0',
  modelConfigured: true,
  onDevice: { availability: 'missing', message: 'No on-device model.' },
};
const DOWNLOADING: ExtensionStatus = { ...STATUS, onDevice: { availability: 'downloading', message: '' } };
const withModel = (availability: () => Promise<string>) => ({
  LanguageModel: { availability, create: async () => ({}) },
});

describe('the kept status', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads the same stored keys as the settings and the interface language', () => {
    expect(STATUS_INPUT_KEYS).toEqual(
      [settingsItem.key, interfaceLanguageItem.key].map((key) => key.replace(/^local:/, '')),
    );
  });

  it('is answered, and kept by the check after the answer, while nothing it was made from has changed', async () => {
    await fakeBrowser.storage.local.set({ settings: { a: 1 }, interfaceLanguage: 'fr' });
    await keepStatus(await statusStamp('1.0.0'), STATUS);
    expect(await keptStatus('1.0.0')).toEqual(STATUS);
    expect(await dropIfStale('1.0.0', {})).toBe(false);
    expect(await keptStatus('1.0.0')).toEqual(STATUS);
  });

  it('is not answered by another version', async () => {
    await keepStatus(await statusStamp('1.0.0'), STATUS);
    expect(await keptStatus('1.0.1')).toBeUndefined();
  });

  it.each([
    ['the settings', () => fakeBrowser.storage.local.set({ settings: { a: 2 } })],
    ['the interface language', () => fakeBrowser.storage.local.set({ interfaceLanguage: 'ar' })],
    ["the organisation's policy", () => fakeBrowser.storage.managed.set({ modelBaseUrl: 'https://llm.example' })],
  ])(
    'is answered without reading its inputs, and dropped by the check after once %s changed',
    async (_what, change) => {
      await fakeBrowser.storage.local.set({ settings: { a: 1 }, interfaceLanguage: 'fr' });
      await keepStatus(await statusStamp('1.0.0'), STATUS);
      await change();
      const read = vi.spyOn(fakeBrowser.storage.local, 'get');
      expect(await keptStatus('1.0.0')).toEqual(STATUS);
      expect(read).not.toHaveBeenCalled();
      expect(await dropIfStale('1.0.0', {})).toBe(true);
      expect(await keptStatus('1.0.0')).toBeUndefined();
    },
  );

  it('is answered without asking the on-device model', async () => {
    await keepStatus(await statusStamp('1.0.0'), DOWNLOADING);
    const availability = vi.fn(async () => 'available');
    vi.stubGlobal('LanguageModel', { availability, create: async () => ({}) });
    try {
      expect(await keptStatus('1.0.0')).toEqual(DOWNLOADING);
      expect(availability).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it.each([
    ['the model was downloaded meanwhile', 'available', true],
    ['the model is still downloading', 'downloading', false],
  ])('is dropped by the check after the answer when %s: %s', async (_when, now, dropped) => {
    await keepStatus(await statusStamp('1.0.0'), DOWNLOADING);
    expect(
      await dropIfStale(
        '1.0.0',
        withModel(async () => now),
      ),
    ).toBe(dropped);
    expect(await keptStatus('1.0.0')).toEqual(dropped ? undefined : DOWNLOADING);
  });

  it('is dropped when the browser has no on-device model any more; a refusal by policy is the kept "policy"', async () => {
    await keepStatus(await statusStamp('1.0.0'), DOWNLOADING);
    expect(await dropIfStale('1.0.0', {})).toBe(true);
    const policy: ExtensionStatus = { ...STATUS, onDevice: { availability: 'policy', message: '' } };
    await keepStatus(await statusStamp('1.0.0'), policy);
    const refused = Object.assign(new Error('off'), { name: 'NotAllowedError' });
    expect(
      await dropIfStale(
        '1.0.0',
        withModel(() => Promise.reject(refused)),
      ),
    ).toBe(false);
  });

  it('tells pages when it was dropped, not when it was kept', async () => {
    const seen: boolean[] = [];
    fakeBrowser.storage.onChanged.addListener((changes, area) => void seen.push(statusSnapshotDropped(changes, area)));
    await keepStatus(await statusStamp('1.0.0'), DOWNLOADING);
    await dropIfStale('1.0.0', {});
    // The same key in another area is not the snapshot.
    await fakeBrowser.storage.local.set({ statusSnapshot: 1 });
    await fakeBrowser.storage.local.remove('statusSnapshot');
    expect(seen).toEqual([false, true, false, false]);
  });

  it("reads a removal in Chrome's shape (no newValue) as dropped, and a new value as kept", () => {
    expect(statusSnapshotDropped({ statusSnapshot: { oldValue: STATUS } }, 'session')).toBe(true);
    expect(statusSnapshotDropped({ statusSnapshot: { oldValue: STATUS, newValue: DOWNLOADING } }, 'session')).toBe(
      false,
    );
    expect(statusSnapshotDropped({ settings: { oldValue: 1 } }, 'session')).toBe(false);
  });

  it('keeps a digest, never the settings (they hold API keys)', async () => {
    await fakeBrowser.storage.local.set({ settings: { apiKey: 'sk-secret-123' } });
    await keepStatus(await statusStamp('1.0.0'), STATUS);
    expect(JSON.stringify(await fakeBrowser.storage.session.get())).not.toContain('sk-secret-123');
  });
});
