/**
 * The settings commands under an organisation's policy: pages see the locked keys and the values in force
 * but never a secret, saving and importing cannot change a locked key (and write none of the policy into
 * the person's storage), tests and status use the policy's server. Requests are caught at fetch.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { commandRouter } from '../../../../lib/background/authorized-handler';
import { registerConnectionTestHandlers } from '../../../../lib/background/connection-handlers';
import { registerSettingsHandlers } from '../../../../lib/background/settings-handlers';
import { type BackgroundCommand, backgroundMessaging } from '../../../../lib/messaging/protocol';
import { toDraft } from '../../../../lib/settings/options-form';
import type { PublicSettings } from '../../../../lib/settings/redact';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import { settingsFileText } from '../../../../lib/settings/settings-file';
import { loadSettings, saveSettings } from '../../../../lib/settings/store';

const ORG_TOKEN = 'acme-gateway-token';
const ORG_HEADER = 'acme-header-secret';
const policy = {
  preset: 'custom',
  baseUrl: 'https://llm.acme.example/v1',
  apiKey: ORG_TOKEN,
  headers: { 'X-Acme-Auth': ORG_HEADER },
  fastModel: 'acme-fast',
  strongModel: 'acme-strong',
  searxngUrl: 'https://search.acme.example',
  wikipedia: false,
  organisationName: 'Acme',
  mode: 'fastest',
};

const mine: Settings = {
  ...DEFAULT_SETTINGS,
  model: {
    preset: 'openai',
    profiles: {
      openai: {
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-mine',
        fastModel: 'm',
        strongModel: 'm',
        embeddingModel: '',
        structuredOutput: 'auto',
      },
    },
  },
};

const own = { id: fakeBrowser.runtime.id, baseUrl: fakeBrowser.runtime.getURL('/') };
const optionsPage = { id: own.id, url: `${own.baseUrl}options.html` };

async function deliver<T>(type: BackgroundCommand, data: unknown): Promise<T> {
  let respond!: (value: unknown) => void;
  const response = new Promise<unknown>((resolve) => (respond = resolve));
  await fakeBrowser.runtime.onMessage.trigger(
    { id: 1, type, data, timestamp: Date.now() },
    optionsPage as object,
    respond,
  );
  const { res, err } = (await response) as { res?: T; err?: { message?: string } };
  if (err) throw new Error(err.message);
  return res as T;
}

let sent: string[];

beforeEach(async () => {
  fakeBrowser.reset();
  backgroundMessaging.removeAllListeners();
  sent = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const headers = new Headers(request?.headers);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    sent.push(`${request?.url ?? String(input)} ${JSON.stringify([...headers])}`);
    return new Response(JSON.stringify({ error: { message: 'refused in the test' } }), {
      status: 401,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  await saveSettings(mine);
  await fakeBrowser.storage.managed.set(policy);
  registerSettingsHandlers(commandRouter(own), '1.0.0');
  registerConnectionTestHandlers(commandRouter(own));
});

describe('settings under a policy', () => {
  it('shows the values in force and which keys are locked, with the policy’s problems, and no secret', async () => {
    const settings = await deliver<PublicSettings>('getSettings', undefined);
    expect(settings.model.preset).toBe('custom');
    expect(settings.model.profiles.custom).toMatchObject({ baseUrl: 'https://llm.acme.example/v1', apiKeySaved: true });
    expect(settings.search.searxng).toEqual({ enabled: true, baseUrl: 'https://search.acme.example' });
    expect(settings.managed?.keys).toEqual(
      expect.arrayContaining(['preset', 'baseUrl', 'apiKey', 'headers', 'searxngUrl', 'wikipedia']),
    );
    expect(settings.managed?.keys).not.toContain('mode');
    expect(settings.managed?.organisationName).toBe('Acme');
    // Codes and what was seen, worded by the page in its language (lib/settings/policy-warnings.ts).
    expect(settings.managed?.warnings).toEqual([
      { code: 'badValue', key: 'mode', got: { kind: 'string', json: '"fastest"' } },
    ]);
    expect(settings.checking.mode).toBe('fast');
    const text = JSON.stringify(settings);
    expect(text).not.toContain(ORG_TOKEN);
    expect(text).not.toContain(ORG_HEADER);
    expect(text).not.toContain('sk-mine');
  });

  it('saving cannot change a locked key, takes the unlocked ones, and stores none of the policy', async () => {
    const shown = await deliver<PublicSettings>('getSettings', undefined);
    const form = { settings: shown, typedKeys: { 'model:custom': 'typed-over-the-lock' } as const };
    const draft = toDraft(form);
    draft.model.profiles.custom = { ...draft.model.profiles.custom!, baseUrl: 'https://evil.example/v1' };
    draft.search.wikipedia = { enabled: true };
    draft.checking = { ...draft.checking, mode: 'thorough' };
    const result = await deliver<{ ok: boolean; settings: PublicSettings }>('saveSettings', draft);
    expect(result.ok).toBe(true);
    expect(result.settings.model.profiles.custom?.baseUrl).toBe('https://llm.acme.example/v1');
    expect(result.settings.search.wikipedia.enabled).toBe(false);
    expect(result.settings.checking.mode).toBe('thorough');
    const stored = await loadSettings();
    expect(stored.model.preset).toBe('openai');
    expect(stored.model.profiles.openai?.apiKey).toBe('sk-mine');
    expect(stored.checking.mode).toBe('thorough');
    expect(JSON.stringify(stored)).not.toMatch(/acme|evil|typed-over-the-lock/);
  });

  it('importing cannot change a locked key, takes the rest, and says which keys it left', async () => {
    const shown = await deliver<PublicSettings>('getSettings', undefined);
    const file = JSON.parse(settingsFileText(shown)) as { settings: Record<string, unknown> };
    const imported = {
      ...file,
      settings: {
        ...file.settings,
        model: {
          preset: 'custom',
          profiles: {
            custom: {
              ...(file.settings.model as { profiles: { custom: object } }).profiles.custom,
              baseUrl: 'https://evil.example/v1',
              apiKey: 'sk-evil',
            },
          },
        },
        search: { ...(file.settings.search as object), wikipedia: { enabled: true } },
        history: { keep: true, days: 7 },
      },
    };
    const result = await deliver<{ ok: boolean; settings: PublicSettings; locked: string[] }>('importSettings', {
      json: JSON.stringify(imported),
    });
    expect(result.ok).toBe(true);
    expect(result.locked).toEqual(['baseUrl', 'wikipedia']);
    expect(result.settings.model.profiles.custom?.baseUrl).toBe('https://llm.acme.example/v1');
    expect(result.settings.search.wikipedia.enabled).toBe(false);
    expect(result.settings.history).toEqual({ keep: true, days: 7 });
    expect(JSON.stringify(await loadSettings())).not.toMatch(/evil/);
  });

  it('refuses a file that is not a settings file, changing nothing', async () => {
    const before = await loadSettings();
    const result = await deliver<{ ok: boolean; error: string }>('importSettings', { json: '{"checks": []}' });
    expect(result).toEqual({
      ok: false,
      error: 'This is not a Factlight settings file: choose a file made by "Export settings".',
    });
    expect(await loadSettings()).toEqual(before);
  });

  it('"Test connection" tests the policy’s server with its token and headers, whatever the form sent', async () => {
    await deliver('testModelConnection', {
      preset: 'custom',
      profile: {
        baseUrl: 'https://evil.example/v1',
        fastModel: 'x',
        strongModel: 'x',
        embeddingModel: '',
        structuredOutput: 'auto',
      },
    });
    expect(sent.length).toBeGreaterThan(0);
    for (const line of sent) {
      expect(line.startsWith('https://llm.acme.example/v1/')).toBe(true);
      expect(line).toContain(ORG_TOKEN);
      expect(line).toContain(ORG_HEADER);
    }
  });

  it('"Test connection" of a locked search provider goes to the policy’s server', async () => {
    await deliver('testSearchConnection', { provider: 'searxng', baseUrl: 'https://evil.example' });
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((line) => line.startsWith('https://search.acme.example/'))).toBe(true);
  });

  it('says checks run on the organisation’s model server', async () => {
    const status = await deliver<{ engine: { kind: string; label: string; managedServer?: string } }>(
      'getStatus',
      undefined,
    );
    expect(status.engine).toEqual({
      kind: 'model',
      label: "Acme's model server (acme-strong)",
      managedServer: "Acme's model server",
    });
  });
});
