import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type ExtensionBrowser, launchWithExtension } from '../../scripts/lib/extension/launch';
import { OptionsPage } from '../../scripts/lib/extension/options-page';
import { SidePanelPage } from '../../scripts/lib/extension/side-panel-page';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../scripts/lib/servers';
import {
  FAKE_LANGUAGE_MODEL_SOURCE,
  type FakeLanguageModelLog,
  type FakeLanguageModelOptions,
} from '../../scripts/lib/servers/fake-language-model';
import { evaluateInEngineDocument, openEngineDocument } from './harness/offscreen-document';

/** The fake browser API as a script: `(function install(scope, options) {…})(globalThis, options)`. */
const installScript = (options: FakeLanguageModelOptions) =>
  `${FAKE_LANGUAGE_MODEL_SOURCE}(globalThis, ${JSON.stringify(options)})`;

/**
 * Chrome's on-device model, in real Chromium. Debian's Chromium has no model, so a fake `LanguageModel`
 * that follows the documented Prompt API replaces the BROWSER's API (never our code): on the extension
 * service worker's global, which says whether the model is ready, in Chrome's offscreen document, where the
 * engine runs checks, and on the extension's pages (an init script), where the Download button runs. The fake
 * forwards each prompt to the scripted loopback model and records every prompt's size against its 9,216-token
 * context window.
 */
describe('the on-device model (Chromium, fake Prompt API)', () => {
  let world: FactWorld;
  const browsers: ExtensionBrowser[] = [];

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(() => world.close());

  it('is picked on a fresh install, downloads with progress, and checks with verdicts within its context window', async () => {
    const browser = await launchWithExtension();
    browsers.push(browser);
    const fakeOptions: FakeLanguageModelOptions = {
      availability: 'downloadable',
      forwardTo: `${world.model.baseUrl}`,
      downloadStepMs: 150,
    };
    await browser.context.addInitScript({ content: installScript(fakeOptions) });
    const worker = browser.context.serviceWorkers()[0]!;
    await worker.evaluate(installScript(fakeOptions));

    // Fresh install: no model set up. Only the search sources are pointed at the loopback world.
    const options = await OptionsPage.open(browser);
    await options.page.getByTestId('search-wikipedia').uncheck();
    await options.enableSearxng(world.searxng.baseUrl);
    await options.page.getByTestId('allow-private-network').check();
    expect(await options.save()).toBe('Settings saved.');
    expect(await options.page.getByTestId('engine-choice').inputValue()).toBe('auto');
    const status = options.page.getByTestId('engine-status');
    await expect.poll(() => status.textContent()).toContain('must be downloaded');

    // "Download" shows the progress the browser reports, up to ready.
    await options.page.getByTestId('on-device-download').click();
    await expect
      .poll(() => options.page.getByTestId('on-device-progress-text').textContent())
      .toBe('Downloaded: ready.');
    expect(
      await options.page.getByTestId('on-device-progress').evaluate((node) => (node as HTMLProgressElement).value),
    ).toBe(1);
    const pageLog = await options.page.evaluate(
      () => (globalThis as unknown as { __fakeLanguageModelLog: FakeLanguageModelLog }).__fakeLanguageModelLog.progress,
    );
    expect(pageLog).toEqual([0, 0.5, 1]);
    // The model is the browser's, shared by every context: the worker's (fake) browser now has it too.
    await worker.evaluate(
      () =>
        ((globalThis as unknown as { __fakeLanguageModel: { availability: string } }).__fakeLanguageModel.availability =
          'available'),
    );
    await options.page.reload();
    await expect.poll(() => options.page.getByTestId('engine-label').textContent()).toBe('On this device (Chrome)');
    await expect.poll(() => options.page.getByTestId('engine-status').getAttribute('data-engine')).toBe('on-device');

    // A check runs on it: verdicts and coloured spans.
    const panel = await SidePanelPage.open(browser);
    await expect.poll(() => panel.page.getByTestId('engine-label').textContent()).toBe('On this device (Chrome)');
    // The engine's document, as the browser has it: opened as the worker opens it, with the same (ready) model. Right
    // before the check: an idle document closes after 20 s (engine-idle.ts), and the check then keeps it open.
    await openEngineDocument(browser);
    const cdp = await panel.page.context().newCDPSession(panel.page);
    await expect
      .poll(() => evaluateInEngineDocument<string>(browser, cdp, 'document.readyState'), { timeout: 10_000 })
      .toBe('complete');
    await evaluateInEngineDocument(
      browser,
      cdp,
      `(${installScript({ ...fakeOptions, availability: 'available' })}, true)`,
    );
    await panel.check(WORLD_TEXT);
    await panel.waitForResult();
    const bands = await panel.bands();
    expect(bands).toContain('green');
    expect(bands).toContain('red');
    expect(await panel.overallScore()).toMatch(/8 of 8 claims checked/);

    // Every prompt fitted its window: none was refused, and the largest is within 9,216 tokens.
    const log = await evaluateInEngineDocument<FakeLanguageModelLog>(browser, cdp, 'globalThis.__fakeLanguageModelLog');
    expect(log.prompts.length).toBeGreaterThan(5);
    expect(log.exceeded).toBe(0);
    expect(Math.max(...log.prompts.map((p) => p.tokens))).toBeLessThanOrEqual(9_216);
    expect(log.prompts.every((p) => p.constrained)).toBe(true);
    expect(log.maxActive).toBe(1);
  });
});
