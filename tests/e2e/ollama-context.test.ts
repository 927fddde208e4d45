/**
 * Ollama's small context in real Chromium: the Ollama preset against a loopback server that behaves as Ollama
 * does below 24 GiB of VRAM (a 4,096-token context that cuts longer prompts without a word; its /api/show and
 * /api/ps; scripts/lib/servers/provider-rules/ollama.ts). Long evidence pages with the most passages a person can
 * ask for make the prompts outgrow it: the extension shortens them so none reaches the server cut, and the side
 * panel says so in the check's warnings, in the catalogue's words.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { fillMessage } from '../../lib/i18n/catalogue';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../scripts/lib/servers';
import { ollamaRules } from '../../scripts/lib/servers/provider-rules';
import { catalogue } from './harness/catalogues';
import { launchChromiumDriver } from './harness/chromium-driver';
import type { ExtensionDriver } from './harness/driver';
import { byTestId, configureDriverForModel, DriverSidePanel } from './harness/journey-pages';

const EN = catalogue('en');

describe("Ollama's context window in Chromium", () => {
  let world: FactWorld;
  let driver: ExtensionDriver | undefined;

  beforeAll(async () => {
    world = await startFactWorld({ provider: ollamaRules({ contextTokens: 4_096 }), longPages: 12 });
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(() => world.close());

  it('shortens prompts to fit a 4,096-token context and says so in the side panel', async () => {
    driver = await launchChromiumDriver();
    const model = {
      preset: 'ollama',
      baseUrl: world.model.baseUrl,
      fastModel: 'llama3.1:8b',
      strongModel: 'llama3.1:8b',
    };
    const saved = await configureDriverForModel(driver, world, model, (options) =>
      options.page.fill(byTestId('passagesPerPage'), '5'),
    );
    expect(saved).toBe(EN.optionsSaved!.message);

    const panel = await DriverSidePanel.open(driver);
    await panel.check(WORLD_TEXT);
    await panel.waitForResult();
    // Ollama's context was read from the server itself, and no prompt reached it longer than that context.
    expect(world.model.requests.some((request) => request.path === '/api/show')).toBe(true);
    expect(world.model.promptCuts).toEqual([]);
    await panel.page.click(`${byTestId('check-warnings')} summary`);
    expect(await panel.page.texts(`${byTestId('check-warnings')} li`)).toContain(
      fillMessage(EN.ollamaContextShortened!, ['4,096']),
    );
  });
});
