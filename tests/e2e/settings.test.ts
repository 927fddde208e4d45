import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, startSearxngServer, startWebServer, type OpenAiServer, type SearxngServer, type WebServer } from '../servers';
import { EXTENSION_DIR, launchWithExtension, type ExtensionBrowser } from './harness/launch';
import { watchIsolatedWorld } from './harness/isolated-world';
import { OptionsPage } from './harness/options-page';

const GOOD_KEY = 'sk-e2e-good-key';

describe('settings in real Chromium', () => {
  let model: OpenAiServer;
  let searxng: SearxngServer;
  let web: WebServer;
  const browsers: ExtensionBrowser[] = [];
  const launch = async (userDataDir?: string) => {
    const browser = await launchWithExtension(userDataDir ? { userDataDir } : {});
    browsers.push(browser);
    return browser;
  };

  beforeAll(async () => {
    model = await startOpenAiServer({ apiKey: GOOD_KEY, models: ['fake-fast', 'fake-strong'] });
    searxng = await startSearxngServer();
    searxng.setResults((query) => [{ url: 'https://example.org/curie', title: 'Marie Curie', content: `About ${query}` }]);
    web = await startWebServer();
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(async () => {
    await Promise.all([model.close(), searxng.close(), web.close()]);
  });

  async function configure(options: OptionsPage, apiKey = GOOD_KEY): Promise<void> {
    await options.fillModel({ preset: 'custom', baseUrl: model.baseUrl, apiKey, fastModel: 'fake-fast', strongModel: 'fake-strong' });
    await options.enableSearxng(searxng.baseUrl);
    expect(await options.save()).toBe('Settings saved.');
  }

  it('configures the model and SearXNG through the options page, tests both, and keeps them across a restart', async () => {
    const first = await launch();
    const options = await OptionsPage.open(first);
    await configure(options);
    expect(await options.value('llm-api-key')).toBe(''); // a saved key is never shown again

    const llm = await options.testConnection('test-llm');
    expect(llm).toMatchObject({ ok: true });
    expect(llm.text).toContain('"fake-fast" and "fake-strong" found');
    const modelsCall = model.requests.find((request) => request.path === '/v1/models');
    expect(modelsCall?.headers.authorization).toBe(`Bearer ${GOOD_KEY}`);

    const search = await options.testConnection('test-search-searxng');
    expect(search).toMatchObject({ ok: true });
    expect(search.text).toContain('1 results');
    expect(searxng.requests.at(-1)?.query.get('format')).toBe('json');

    const panel = await first.openExtensionPage('sidepanel.html');
    await panel.getByTestId('sidepanel-ready').waitFor();
    await first.close();
    browsers.splice(browsers.indexOf(first), 1);

    // Same profile: same extension id, same storage.
    const second = await launch(first.userDataDir);
    expect(second.extensionId).toBe(first.extensionId);
    const reopened = await OptionsPage.open(second);
    expect(await reopened.value('llm-preset')).toBe('custom');
    expect(await reopened.value('llm-base-url')).toBe(model.baseUrl);
    expect(await reopened.value('llm-model-fast')).toBe('fake-fast');
    expect(await reopened.value('searxng-url')).toBe(searxng.baseUrl);
    expect(await reopened.page.getByTestId('search-searxng').isChecked()).toBe(true);
    expect(await reopened.page.getByTestId('llm-api-key').getAttribute('placeholder')).toBe('Saved (type to replace)');
    // The server demands the key, so success proves the key survived the restart too.
    expect(await reopened.testConnection('test-llm')).toMatchObject({ ok: true });
  });

  it('explains a wrong key, an unreachable server and a missing model clearly', async () => {
    const browser = await launch();
    const options = await OptionsPage.open(browser);
    await options.fillModel({ preset: 'custom', baseUrl: model.baseUrl, apiKey: 'sk-wrong', fastModel: 'fake-fast', strongModel: 'fake-strong' });
    const wrongKey = await options.testConnection('test-llm');
    expect(wrongKey.ok).toBe(false);
    expect(wrongKey.text).toContain('401');
    expect(wrongKey.text).toContain('Check the API key');

    await options.fillModel({ apiKey: GOOD_KEY, fastModel: 'no-such-model' });
    const missing = await options.testConnection('test-llm');
    expect(missing.ok).toBe(false);
    expect(missing.text).toContain('does not list "no-such-model"');

    await options.fillModel({ baseUrl: 'http://127.0.0.1:1/v1' });
    const unreachable = await options.testConnection('test-llm');
    expect(unreachable.ok).toBe(false);
    expect(unreachable.text).toContain('Could not reach http://127.0.0.1:1/v1');
  });

  it('reaches a local Ollama that refuses extension origins, without OLLAMA_ORIGINS', async () => {
    const ollama = await startOpenAiServer({ forbiddenOrigin: (origin) => origin.startsWith('chrome-extension://') });
    try {
      const browser = await launch();
      const options = await OptionsPage.open(browser);
      await options.fillModel({ preset: 'ollama', baseUrl: ollama.baseUrl, fastModel: 'fake-fast', strongModel: 'fake-fast' });
      const result = await options.testConnection('test-llm');
      expect(result).toMatchObject({ ok: true });
      const chat = ollama.requests.find((request) => request.path === '/v1/chat/completions');
      expect(chat?.headers.origin).toBeUndefined();
      expect(chat?.body).toMatchObject({ model: 'fake-fast', max_tokens: 1 });
    } finally {
      await ollama.close();
    }
  });

  it('keeps the key out of reach of our own content script, in storage and by message', async () => {
    const browser = await launch();
    await configure(await OptionsPage.open(browser));
    web.route('/article', { body: '<!doctype html><title>Article</title><p>Some article text.</p>' });
    const page = await browser.context.newPage();
    const contentScript = await watchIsolatedWorld(page, browser.extensionId);
    await page.goto(web.url('/article'));

    // Evaluated as our content script: it has the runtime (so this is the right world)...
    expect(await contentScript.evaluate('typeof chrome.runtime.sendMessage')).toBe('function');
    // ...but the storage area holding the settings is closed to it,
    const stored = String(await contentScript.evaluate('chrome.storage.local.get(null).then((v) => JSON.stringify(v), (e) => "threw: " + e.message)'));
    expect(stored).not.toContain(GOOD_KEY);
    expect(stored).toMatch(/threw|undefined/);
    // ...and the background refuses to hand settings to it.
    const answer = String(await contentScript.evaluate(
      'chrome.runtime.sendMessage({ id: 1, type: "getSettings", timestamp: Date.now() }).then((r) => JSON.stringify(r))',
    ));
    expect(answer).toContain('Refused \\"getSettings\\" from a content-script');
    expect(answer).not.toContain(GOOD_KEY);
  });

  it("does not let a web page's own script command the background", async () => {
    const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.externally_connectable).toBeUndefined();

    const browser = await launch();
    const options = await OptionsPage.open(browser);
    await configure(options);

    web.route('/attacker', { body: '<!doctype html><title>Attacker</title><p>Innocent-looking page.</p>' });
    const page = await browser.context.newPage();
    await page.goto(web.url('/attacker'));
    const attempt = await page.evaluate(async (extensionId) => {
      const command = { id: 1, type: 'saveSettings', timestamp: Date.now(), data: { model: { preset: 'custom', profiles: {} } } };
      // What a malicious page could try: the runtime API, and posting messages hoping something relays them.
      window.postMessage(command, '*');
      const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: (...args: unknown[]) => unknown } } }).chrome?.runtime;
      if (!runtime?.sendMessage) return 'no runtime.sendMessage';
      try {
        return JSON.stringify(await runtime.sendMessage(extensionId, command));
      } catch (error) {
        return `threw: ${String(error)}`;
      }
    }, browser.extensionId);
    expect(attempt).toBe('no runtime.sendMessage');

    const reopened = await OptionsPage.open(browser);
    expect(await reopened.value('llm-preset')).toBe('custom');
    expect(await reopened.value('llm-base-url')).toBe(model.baseUrl);
    expect(await reopened.testConnection('test-llm')).toMatchObject({ ok: true });
  });
});
