/**
 * What only Chromium can show: our content script's isolated world, read over the DevTools protocol, and
 * a page's reach into the runtime API. Configuring, testing connections and keeping settings across a
 * relaunch are shared journeys of both browsers: tests/e2e/journeys/settings.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { EXTENSION_DIR, type ExtensionBrowser, launchWithExtension } from '../../scripts/lib/extension/launch';
import { OptionsPage } from '../../scripts/lib/extension/options-page';
import {
  type OpenAiServer,
  type SearxngServer,
  startOpenAiServer,
  startSearxngServer,
  startWebServer,
  type WebServer,
} from '../../scripts/lib/servers';
import { watchIsolatedWorld } from './harness/isolated-world';

const GOOD_KEY = 'sk-e2e-good-key';

describe('settings in real Chromium', () => {
  let model: OpenAiServer;
  let searxng: SearxngServer;
  let web: WebServer;
  const browsers: ExtensionBrowser[] = [];
  const launch = async () => {
    const browser = await launchWithExtension();
    browsers.push(browser);
    return browser;
  };

  beforeAll(async () => {
    model = await startOpenAiServer({ apiKey: GOOD_KEY, models: ['fake-fast', 'fake-strong'] });
    searxng = await startSearxngServer();
    searxng.setResults((query) => [
      { url: 'https://example.org/curie', title: 'Marie Curie', content: `About ${query}` },
    ]);
    web = await startWebServer();
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(async () => {
    await Promise.all([model.close(), searxng.close(), web.close()]);
  });

  async function configure(options: OptionsPage, apiKey = GOOD_KEY): Promise<void> {
    await options.fillModel({
      preset: 'custom',
      baseUrl: model.baseUrl,
      apiKey,
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
    });
    await options.enableSearxng(searxng.baseUrl);
    expect(await options.save()).toBe('Settings saved.');
  }

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
    const stored = String(
      await contentScript.evaluate(
        'chrome.storage.local.get(null).then((v) => JSON.stringify(v), (e) => "threw: " + e.message)',
      ),
    );
    expect(stored).not.toContain(GOOD_KEY);
    expect(stored).toMatch(/threw|undefined/);
    // ...and the background refuses to hand settings to it.
    const answer = String(
      await contentScript.evaluate(
        'chrome.runtime.sendMessage({ id: 1, type: "getSettings", timestamp: Date.now() }).then((r) => JSON.stringify(r))',
      ),
    );
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
      const command = {
        id: 1,
        type: 'saveSettings',
        timestamp: Date.now(),
        data: { model: { preset: 'custom', profiles: {} } },
      };
      // What a malicious page could try: the runtime API, and posting messages hoping something relays them.
      window.postMessage(command, '*');
      const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: (...args: unknown[]) => unknown } } })
        .chrome?.runtime;
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
