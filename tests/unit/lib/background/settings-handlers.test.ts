/**
 * "Test connection" and "Save" with a draft whose base URL moved: a saved key goes only to the origin it
 * was saved for. Requests are caught at fetch, so nothing leaves the machine.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { commandRouter } from '../../../../lib/background/authorized-handler';
import { registerConnectionTestHandlers } from '../../../../lib/background/connection-handlers';
import { startBackgroundLanguage } from '../../../../lib/background/interface-language';
import { registerSettingsHandlers } from '../../../../lib/background/settings-handlers';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource } from '../../../../lib/i18n/sources';
import { type BackgroundCommand, backgroundMessaging } from '../../../../lib/messaging/protocol';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import { SETTINGS_FILE_KIND } from '../../../../lib/settings/settings-file';
import { loadSettings, saveSettings } from '../../../../lib/settings/store';

const MODEL_SECRET = 'sk-saved-model-key';
const SEARCH_SECRET = 'brave-saved-key';

const settingsWithKeys: Settings = {
  ...DEFAULT_SETTINGS,
  model: {
    preset: 'openai',
    profiles: {
      openai: {
        baseUrl: 'https://llm.example.test/v1',
        apiKey: MODEL_SECRET,
        fastModel: 'a',
        strongModel: 'b',
        embeddingModel: '',
        structuredOutput: 'auto',
      },
    },
  },
  search: { ...DEFAULT_SETTINGS.search, brave: { enabled: true, apiKey: SEARCH_SECRET } },
};

const own = { id: fakeBrowser.runtime.id, baseUrl: fakeBrowser.runtime.getURL('/') };
const optionsPage = { id: own.id, url: `${own.baseUrl}options.html` };

async function deliver(type: BackgroundCommand, data: unknown): Promise<{ res?: unknown; err?: { message?: string } }> {
  let respond!: (value: unknown) => void;
  const response = new Promise<unknown>((resolve) => (respond = resolve));
  await fakeBrowser.runtime.onMessage.trigger(
    { id: 1, type, data, timestamp: Date.now() },
    optionsPage as object,
    respond,
  );
  return (await response) as { res?: unknown; err?: { message?: string } };
}

/** Every request as "url headers", so a test can see where a key went. */
let sent: string[];

beforeEach(async () => {
  fakeBrowser.reset();
  backgroundMessaging.removeAllListeners();
  sent = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const url = request?.url ?? String(input);
    const headers = new Headers(request?.headers);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    sent.push(`${url} ${JSON.stringify([...headers])}`);
    return new Response(JSON.stringify({ error: { message: 'refused in the test' } }), {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  await saveSettings(settingsWithKeys);
  registerSettingsHandlers(commandRouter(own), '1.0.0');
  registerConnectionTestHandlers(commandRouter(own));
});

const modelDraft = (baseUrl: string) => ({
  preset: 'openai',
  profile: { baseUrl, fastModel: 'a', strongModel: 'b', embeddingModel: '', structuredOutput: 'auto' },
});

describe('a saved key and a changed base URL', () => {
  it('"Test connection" sends the saved model key when only the path changed', async () => {
    await deliver('testModelConnection', modelDraft('https://llm.example.test/v2'));
    expect(sent.some((line) => line.startsWith('https://llm.example.test/v2/') && line.includes(MODEL_SECRET))).toBe(
      true,
    );
  });

  it('"Test connection" does not send the saved model key to another origin', async () => {
    await deliver('testModelConnection', modelDraft('https://attacker.example.test/v1'));
    expect(sent.filter((line) => line.includes(MODEL_SECRET))).toEqual([]);
  });

  it('"Test connection" sends the saved search key to the provider, and not to a base URL the draft names', async () => {
    await deliver('testSearchConnection', { provider: 'brave' });
    expect(sent.some((line) => line.includes(SEARCH_SECRET))).toBe(true);
    sent = [];
    await deliver('testSearchConnection', { provider: 'brave', baseUrl: 'https://attacker.example.test' });
    expect(sent.filter((line) => line.includes(SEARCH_SECRET))).toEqual([]);
  });

  it('saving keeps the key for a path change and drops it for another origin', async () => {
    const draft = (baseUrl: string) => ({
      ...settingsWithKeys,
      model: { preset: 'openai', profiles: { openai: modelDraft(baseUrl).profile } },
      search: { ...settingsWithKeys.search, brave: { enabled: true } },
    });
    await deliver('saveSettings', draft('https://llm.example.test/v2'));
    expect((await loadSettings()).model.profiles.openai?.apiKey).toBe(MODEL_SECRET);
    await deliver('saveSettings', draft('https://attacker.example.test/v2'));
    expect((await loadSettings()).model.profiles.openai?.apiKey).toBe('');
    expect((await loadSettings()).search.brave.apiKey).toBe(SEARCH_SECRET);
  });
});

describe('custom headers of a model profile (issue 23 item 7)', () => {
  const HEADER_SECRET = 'gateway-header-secret';
  const draftWith = (headers: Record<string, string> | undefined, baseUrl = 'https://llm.example.test/v1') => ({
    ...settingsWithKeys,
    model: {
      preset: 'openai',
      profiles: { openai: { ...modelDraft(baseUrl).profile, ...(headers ? { headers } : {}) } },
    },
    search: { ...settingsWithKeys.search, brave: { enabled: true } },
  });

  it('are stored like the key: the page gets their names only, and an empty value keeps the saved one', async () => {
    expect(await deliver('saveSettings', draftWith({ 'X-Gateway-Token': HEADER_SECRET }))).toMatchObject({
      res: { ok: true },
    });
    expect((await loadSettings()).model.profiles.openai?.headers).toEqual({ 'X-Gateway-Token': HEADER_SECRET });
    const shown = await deliver('getSettings', undefined);
    expect(JSON.stringify(shown)).not.toContain(HEADER_SECRET);
    expect(shown).toMatchObject({ res: { model: { profiles: { openai: { headerNames: ['X-Gateway-Token'] } } } } });

    await deliver('saveSettings', draftWith({ 'X-Gateway-Token': '', 'X-Team': 'blue' }));
    expect((await loadSettings()).model.profiles.openai?.headers).toEqual({
      'X-Gateway-Token': HEADER_SECRET,
      'X-Team': 'blue',
    });
    // A draft that does not touch the headers keeps them; one without a row removes that header.
    await deliver('saveSettings', draftWith(undefined));
    expect(Object.keys((await loadSettings()).model.profiles.openai?.headers ?? {})).toEqual([
      'X-Gateway-Token',
      'X-Team',
    ]);
    await deliver('saveSettings', draftWith({ 'X-Team': '' }));
    expect((await loadSettings()).model.profiles.openai?.headers).toEqual({ 'X-Team': 'blue' });
  });

  it('are refused on save with the reason when the browser owns the header or a value breaks a line', async () => {
    const refused = await deliver('saveSettings', draftWith({ Host: 'evil.example' }));
    expect(refused).toMatchObject({
      res: { ok: false, error: 'Header "Host": The browser sets this header itself and sends no other value.' },
    });
    expect(await deliver('saveSettings', draftWith({ 'X-A': 'a\r\nCookie: c' }))).toMatchObject({
      res: { ok: false, error: 'Header "X-A": A value cannot contain a line break.' },
    });
    expect((await loadSettings()).model.profiles.openai?.headers).toBeUndefined();
  });

  it('are refused the same way in an imported settings file, and a value fetch cannot send is refused', async () => {
    // A typographic ellipsis pasted into a value: fetch's Headers would throw on every request.
    const { model } = draftWith({ 'X-Team': 'blue…' });
    const file = { kind: SETTINGS_FILE_KIND, version: 1, settings: { model } };
    expect(await deliver('importSettings', { json: JSON.stringify(file) })).toMatchObject({
      res: {
        ok: false,
        error: expect.stringMatching(/^Header "X-Team": A value may only hold plain Latin characters/),
      },
    });
    expect((await loadSettings()).model.profiles.openai?.headers).toBeUndefined();
  });

  it('go with "Test connection" to the saved origin only, and never to a base URL moved elsewhere', async () => {
    await deliver('saveSettings', draftWith({ 'X-Gateway-Token': HEADER_SECRET }));
    sent = [];
    await deliver('testModelConnection', modelDraft('https://llm.example.test/v1'));
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((line) => line.includes(HEADER_SECRET))).toBe(true);
    sent = [];
    // A key typed for the new address lets the test go there: with it, the saved header must not.
    const moved = modelDraft('https://attacker.example.test/v1');
    await deliver('testModelConnection', { ...moved, profile: { ...moved.profile, apiKey: 'sk-typed' } });
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((line) => line.includes(HEADER_SECRET))).toEqual([]);
  });
});

describe('an imported settings file', () => {
  it('refuses an address that is not http(s) in the chosen interface language', async () => {
    vi.mocked(globalThis.fetch).mockRestore(); // the catalogue is read from the extension's own files
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'es' });
    await startBackgroundLanguage();
    try {
      const file = { kind: SETTINGS_FILE_KIND, version: 1, settings: { checking: { crossrefUrl: 'crossref' } } };
      expect(await deliver('importSettings', { json: JSON.stringify(file) })).toMatchObject({
        res: { ok: false, error: expect.stringContaining('checking.crossrefUrl: debe ser una URL http:// o https://') },
      });
    } finally {
      setMessageSource(browserSource());
    }
  });
});
