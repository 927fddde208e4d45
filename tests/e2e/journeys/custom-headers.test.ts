/**
 * Custom headers of a model profile (issue 23 item 7), as a person sets them: the Anthropic preset in the
 * options page, a header the page refuses with its reason, the `anthropic-workspace-id` its suggestion
 * button adds, Save, the value never shown again, and a check in the side panel. The model server is
 * Anthropic's strict mode for an identity-linked key (scripts/lib/servers/provider-rules/anthropic.ts:
 * every request without the workspace header is a 400), so the check passing proves the header arrived;
 * the search server and the evidence sites must never see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, type OpenAiServer, startFactWorld } from '../../../scripts/lib/servers';
import { anthropicRules } from '../../../scripts/lib/servers/provider-rules/index';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, configureDriverForModel, DriverOptionsPage, DriverSidePanel } from '../harness/journey-pages';
import { startProviderModel } from '../harness/provider-check';

const WORKSPACE = 'wrkspc_01e2eWorkspace';
const TEXT =
  'The Eiffel Tower was completed in 1889 and stands in Paris. Marie Curie won two Nobel Prizes, in physics and in chemistry.';

describe(`custom headers of a model profile (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let model: OpenAiServer;
  let driver: ExtensionDriver;

  beforeAll(async () => {
    world = await startFactWorld();
    model = await startProviderModel(
      anthropicRules({
        models: ['claude-e2e-fast', 'claude-e2e-strong'],
        identityLinkedKey: { workspaces: [WORKSPACE] },
      }),
    );
    driver = await launchDriver();
  });
  afterAll(async () => {
    await driver?.close();
    await Promise.all([world?.close(), model?.close()]);
  });

  it('sends the header typed in the options page to the model server, and to nothing else', async () => {
    const form = {
      preset: 'anthropic',
      baseUrl: model.baseUrl,
      apiKey: 'sk-ant-e2e',
      fastModel: 'claude-e2e-fast',
      strongModel: 'claude-e2e-strong',
    };
    const saved = await configureDriverForModel(driver, world, form, async (options) => {
      const { page } = options;
      // A header the browser owns is refused, with the reason, under its row.
      await page.click(byTestId('llm-header-add'));
      await page.fill(byTestId('llm-header-name-0'), 'Host');
      await page.fill(byTestId('llm-header-value-0'), 'example.org');
      expect(await page.text(byTestId('llm-header-error-0'))).toBe(
        'The browser sets this header itself and sends no other value.',
      );
      await page.click(byTestId('llm-header-remove-0'));
      expect(await page.count(byTestId('llm-header-row'))).toBe(0);
      // The preset suggests the header Anthropic documents for keys that reach several workspaces.
      await page.click(byTestId('llm-header-suggest-anthropic-workspace-id'));
      expect(await page.value(byTestId('llm-header-name-0'))).toBe('anthropic-workspace-id');
      await page.fill(byTestId('llm-header-value-0'), WORKSPACE);
      expect(await page.count(byTestId('llm-header-error-0'))).toBe(0);
    });
    expect(saved).toBe('Settings saved.');

    // Saved like a key: the name is listed, the value is never sent back to the page.
    const options = await DriverOptionsPage.open(driver);
    expect(await options.value('llm-header-name-0')).toBe('anthropic-workspace-id');
    expect(await options.value('llm-header-value-0')).toBe('');
    expect(await options.page.attribute(byTestId('llm-header-value-0'), 'placeholder')).toBe('Saved (type to replace)');
    await options.page.close();

    const panel = await DriverSidePanel.open(driver);
    await panel.check(TEXT);
    await panel.waitForResult();
    expect(await panel.page.count(byTestId('check-failure'))).toBe(0);
    expect(await panel.page.count(`${byTestId('check-status')}[data-status="failed"]`)).toBe(0);
    expect(await panel.bands()).not.toContain('unknown');

    const chats = model.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(chats.length).toBeGreaterThan(0);
    for (const request of chats) expect(request.headers['anthropic-workspace-id']).toBe(WORKSPACE);
    const elsewhere = [...world.searxng.requests, ...[...world.sites.values()].flatMap((site) => site.requests)];
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const request of elsewhere) expect(request.headers['anthropic-workspace-id']).toBeUndefined();
  });
});
