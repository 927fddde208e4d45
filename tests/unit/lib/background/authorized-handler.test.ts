import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { commandRouter } from '../../../../lib/background/authorized-handler';
import { registerCheckHandlers } from '../../../../lib/background/check-handlers';
import { createCommandTable } from '../../../../lib/background/command-table';
import { registerConnectionTestHandlers } from '../../../../lib/background/connection-handlers';
import { forwardToEngine } from '../../../../lib/background/engine-commands';
import { registerInterfaceLanguageHandlers } from '../../../../lib/background/interface-language';
import { registerPageHandlers } from '../../../../lib/background/page-handlers';
import { registerRatingHandlers } from '../../../../lib/background/rating-handlers';
import { createRatingManager } from '../../../../lib/background/rating-manager';
import { createRunManager } from '../../../../lib/background/run-manager';
import { registerSettingsHandlers } from '../../../../lib/background/settings-handlers';
import { dropIfStale, keptStatus } from '../../../../lib/background/status-snapshot';
import { FactlightDb } from '../../../../lib/db/schema';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { validateCommand } from '../../../../lib/messaging/command-schemas';
import { type BackgroundCommand, backgroundMessaging, COMMAND_AUDIENCE } from '../../../../lib/messaging/protocol';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import { loadSettings, saveSettings } from '../../../../lib/settings/store';

const SECRET = 'sk-test-DO-NOT-LEAK-1234567890';
const SEARCH_SECRET = 'brave-DO-NOT-LEAK-0987654321';

const settingsWithKeys: Settings = {
  ...DEFAULT_SETTINGS,
  model: {
    preset: 'openai',
    profiles: {
      openai: {
        baseUrl: 'https://llm.example.test/v1',
        apiKey: SECRET,
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
const contentScript = { id: own.id, url: 'https://news.example.com/story', tab: { id: 7 }, frameId: 0 };
const optionsPage = { id: own.id, url: `${own.baseUrl}options.html`, tab: { id: 8 } };
const otherExtension = { id: 'some-other-extension', url: 'chrome-extension://some-other-extension/page.html' };

/** Delivers a message exactly as Chrome would, with a sender, and returns what the sender receives. */
async function deliver(
  type: BackgroundCommand,
  data: unknown,
  sender: object,
): Promise<{ res?: unknown; err?: { message?: string } }> {
  let respond!: (value: unknown) => void;
  const response = new Promise<unknown>((resolve) => (respond = resolve));
  await fakeBrowser.runtime.onMessage.trigger({ id: 1, type, data, timestamp: Date.now() }, sender, respond);
  return (await response) as { res?: unknown; err?: { message?: string } };
}

const sampleData: Record<BackgroundCommand, unknown> = {
  getSettings: undefined,
  saveSettings: { ...settingsWithKeys, model: { preset: 'openai', profiles: {} } },
  importSettings: { json: '{}' },
  testModelConnection: {
    preset: 'openai',
    profile: {
      baseUrl: 'http://127.0.0.1:9/v1',
      fastModel: 'a',
      strongModel: 'b',
      embeddingModel: '',
      structuredOutput: 'auto',
    },
  },
  testSearchConnection: { provider: 'brave', baseUrl: 'http://127.0.0.1:9' },
  getStatus: undefined,
  // Empty text: the one command content scripts may send is answered without touching the network.
  startCheck: { text: '', origin: 'selection' },
  cancelCheck: { checkId: 'x' },
  recheck: { checkId: 'x' },
  judgeCheck: { checkId: 'x' },
  deleteChecks: { all: true },
  importChecks: { json: '{}' },
  resumeChecks: undefined,
  getCaptureSettings: undefined,
  checkSelectionHere: undefined,
  openSetup: undefined,
  checkPageInTab: { tabId: 7 },
  revealClaim: { checkId: 'x', claimId: 'c0-0' },
  clearPageHighlights: { checkId: 'x' },
  openInSidePanel: { checkId: 'x' },
  pagePlaced: { checkId: 'x', notFound: ['c0-0'], total: 2 },
  // Empty explanation: answered without touching the network.
  rateExplanation: { claim: 'x', explanation: '' },
  resumeRatings: undefined,
  readPageSelection: { tabId: 7 },
  getInterfaceCatalogue: { keys: ['floatingButtonLabel'] },
};

describe('background command security', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    backgroundMessaging.removeAllListeners();
    await saveSettings(settingsWithKeys);
    // As the worker wires them: its own commands on the router, the engine's in the engine's table behind it.
    const router = commandRouter(own);
    registerSettingsHandlers(router, '1.0.0');
    const db = new FactlightDb('sender-security');
    const engine = createCommandTable();
    registerCheckHandlers(engine, createRunManager({ db, loadSettings, extractor: createLinkedomExtractor() }), db);
    registerRatingHandlers(engine, createRatingManager({ db, loadSettings, extractor: createLinkedomExtractor() }));
    registerConnectionTestHandlers(engine);
    forwardToEngine(router, () => engine);
    registerPageHandlers(router, (checkId) => db.checks.get(checkId));
    registerInterfaceLanguageHandlers(router);
  });

  it('refuses every settings command from a content script, and no answer contains a key', async () => {
    for (const command of Object.keys(COMMAND_AUDIENCE) as BackgroundCommand[]) {
      const answer = await deliver(command, sampleData[command], contentScript);
      expect(JSON.stringify(answer)).not.toContain(SECRET);
      expect(JSON.stringify(answer)).not.toContain(SEARCH_SECRET);
      if (COMMAND_AUDIENCE[command] === 'extension-pages') {
        expect(answer.err?.message, command).toMatch(/Refused ".+" from a content-script/);
      }
    }
  });

  it('keeps the stored keys when a content script tries to overwrite settings', async () => {
    await deliver('saveSettings', sampleData.saveSettings, contentScript);
    const answer = await deliver('getSettings', undefined, optionsPage);
    expect(answer.res).toMatchObject({
      model: { profiles: { openai: { apiKeySaved: true } } },
      search: { brave: { apiKeySaved: true } },
    });
  });

  it('refuses senders that are not this extension', async () => {
    const answer = await deliver('getSettings', undefined, otherExtension);
    expect(answer.err?.message).toMatch(/unknown sender/);
    expect(answer.res).toBeUndefined();
  });

  it('gives the options page the settings without any key, saying which keys are saved', async () => {
    const answer = await deliver('getSettings', undefined, optionsPage);
    const text = JSON.stringify(answer);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(SEARCH_SECRET);
    expect(text).not.toMatch(/"apiKey"/);
    expect(answer.res).toMatchObject({
      model: { preset: 'openai', profiles: { openai: { apiKeySaved: true, fastModel: 'a' } } },
      search: { brave: { enabled: true, apiKeySaved: true }, serper: { apiKeySaved: false } },
    });
  });

  it('accepts every command as our own pages send it', () => {
    for (const command of Object.keys(COMMAND_AUDIENCE) as BackgroundCommand[])
      expect(() => validateCommand(command, sampleData[command]), command).not.toThrow();
  });

  it('refuses a startCheck that does not fit, saying which field, and stores nothing (issue 24)', async () => {
    const TEXT = 'Mount Everest is the highest mountain on Earth.';
    const citation = { url: 'http://192.168.1.1/admin', start: -1, end: -1 };
    const refusals: Array<[unknown, RegExp]> = [
      [{ text: 42, origin: 'selection' }, /^Refused "startCheck": text: /],
      [{ text: TEXT, origin: 'typed-by-attacker' }, /^Refused "startCheck": origin: /],
      [{ text: TEXT, origin: 'page', pageUrl: 'javascript:alert(1)' }, /pageUrl: must be an http\(s\) address/],
      [{ text: TEXT, origin: 'page', citations: Array.from({ length: 500 }, () => citation) }, /citations: /],
      [
        {
          text: TEXT,
          origin: 'selection',
          capture: {
            quote: { type: 'TextQuoteSelector', exact: 'x'.repeat(1_000_000) },
            position: { type: 'TextPositionSelector', start: 0, end: 1 },
          },
        },
        /capture\.quote\.exact: /,
      ],
    ];
    for (const [data, message] of refusals) {
      const answer = await deliver('startCheck', data, contentScript);
      expect(answer.err?.message).toMatch(message);
      expect(answer.res).toBeUndefined();
    }
    expect(await new FactlightDb('sender-security').checks.count()).toBe(0);
  });

  it('lets a content script start a check, and only extension pages ask for the status', async () => {
    expect((await deliver('startCheck', { text: ' ', origin: 'selection' }, contentScript)).res).toMatchObject({
      ok: false,
      error: expect.stringContaining('no text'),
    });
    expect((await deliver('getStatus', undefined, contentScript)).err?.message).toMatch(
      /Refused "getStatus" from a content-script/,
    );
    expect((await deliver('getStatus', undefined, optionsPage)).res).toMatchObject({
      version: '1.0.0',
      modelConfigured: true,
      engine: { kind: 'model' },
      onDevice: { availability: 'missing' },
      wantsOnDevice: false,
    });
  });

  it("keeps the status it answered for the worker's doorway, which answers it after a pause while nothing changed", async () => {
    const answered = (await deliver('getStatus', undefined, optionsPage)).res;
    await vi.waitFor(async () => expect(await keptStatus('1.0.0')).toEqual(answered));
    expect(await dropIfStale('1.0.0')).toBe(false);
    // A change to the settings: the doorway's check after its next answer drops it.
    await saveSettings({ ...settingsWithKeys, model: { ...settingsWithKeys.model, preset: 'ollama' } });
    expect(await dropIfStale('1.0.0')).toBe(true);
    expect(await keptStatus('1.0.0')).toBeUndefined();
  });
});
