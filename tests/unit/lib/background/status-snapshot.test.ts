import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { keepStatus, keptStatus, STATUS_INPUT_KEYS, statusStamp } from '../../../../lib/background/status-snapshot';
import { interfaceLanguageItem } from '../../../../lib/i18n/language-setting';
import type { ExtensionStatus } from '../../../../lib/messaging/protocol';
import { settingsItem } from '../../../../lib/settings/store';

const STATUS: ExtensionStatus = { version: '1.0.0', modelConfigured: true };

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

  it('is not answered by another version, nor when the on-device model became available', async () => {
    await keepStatus(await statusStamp('1.0.0'), STATUS);
    expect(await keptStatus('1.0.1')).toBeUndefined();
    const withModel = { LanguageModel: { availability: async () => 'available', create: async () => ({}) } };
    expect(await keptStatus('1.0.0', withModel)).toBeUndefined();
  });

  it('keeps a digest, never the settings (they hold API keys)', async () => {
    await fakeBrowser.storage.local.set({ settings: { apiKey: 'sk-secret-123' } });
    await keepStatus(await statusStamp('1.0.0'), STATUS);
    expect(JSON.stringify(await fakeBrowser.storage.session.get())).not.toContain('sk-secret-123');
  });
});
