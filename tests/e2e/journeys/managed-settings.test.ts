/**
 * An organisation deploys Factlight with its settings, in Chromium and in Firefox (issue 26): a policy the
 * real browser finds where it reads policies (tests/e2e/harness/managed-policy.ts: a private folder bound
 * over that path in the browser's own user and mount namespace, as root or not; nothing is written under
 * /etc) makes a fresh profile check the sample on the organisation's loopback model server and SearXNG
 * with no set-up; the options page shows those fields locked, with the policy's mistake named; an import of
 * settings cannot change them; and a changed policy moves the next check to another model server (live in
 * Chromium; after a restart in Firefox, which reads policies once at start-up).
 */
import { resolve } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  type FactWorld,
  type OpenAiServer,
  startFactWorld,
  startOpenAiServer,
  worldResponder,
} from '../../../scripts/lib/servers';
import { driverBrowserName, type DriverPage, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId } from '../harness/journey-pages';
import { type ManagedPolicy, managedPolicyFor } from '../harness/managed-policy';

const BUILD_DIR = {
  chromium: resolve(import.meta.dirname, '../../../.output/chrome-mv3'),
  firefox: resolve(import.meta.dirname, '../../../.output/firefox-mv2'),
};
const TOKEN = 'acme-gateway-token-e2e';

describe(`managed settings journey (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let otherServer: OpenAiServer;
  let policy: ManagedPolicy | undefined;
  const drivers: ExtensionDriver[] = [];

  beforeAll(async () => {
    world = await startFactWorld({ apiKey: TOKEN });
    otherServer = await startOpenAiServer({ apiKey: TOKEN, models: ['acme-fast', 'acme-strong'] });
    otherServer.respondWith(worldResponder);
  });
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
    policy?.remove();
  });
  afterAll(async () => {
    await Promise.all([world?.close(), otherServer?.close()]);
  });

  /** "Try it" on the welcome page, to the end of the check. */
  async function tryIt(welcome: DriverPage): Promise<void> {
    await welcome.click(byTestId('welcome-try'));
    await welcome.waitFor(byTestId('overall-score'), { timeout: 60_000 });
    await welcome.waitFor(byTestId('check-progress'), { state: 'detached', timeout: 60_000 });
    const bands = await welcome.attributes(byTestId('span'), 'data-band');
    expect(bands).toContain('red');
    expect(bands).toContain('green');
  }

  const valueOf = (page: DriverPage, testId: string) =>
    page.evaluate((selector) => (document.querySelector(selector) as HTMLInputElement | null)?.value, byTestId(testId));

  it('checks on the organisation’s servers with no set-up, locks what it sets, and follows a changed policy', async () => {
    const browserName = driverBrowserName();
    policy = managedPolicyFor(browserName, BUILD_DIR[browserName]);
    const values = {
      organisationName: 'Acme',
      baseUrl: world.model.baseUrl,
      apiKey: TOKEN,
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
      searxngUrl: world.searxng.baseUrl,
      wikipedia: false,
      // The evidence sites are on loopback: the organisation's own hosts.
      allowPrivateNetwork: true,
      // Of the type Chrome's schema declares, but no mode Factlight has: a warning, the person's own mode stays.
      mode: 'slow',
    };
    policy.write(values);

    let driver = await launchDriver({ extensionDir: policy.extensionDir, executablePath: policy.executablePath });
    drivers.push(driver);
    if (browserName === 'chromium') expect(driver.baseUrl).toBe(`chrome-extension://${policy.extensionId}/`);

    // A fresh profile: the welcome page says where checks run, and "Try it" works at once.
    const welcome = await driver.waitForTab(`${driver.baseUrl}welcome.html`, 60_000);
    await welcome.waitFor(byTestId('welcome-organisation-server'), { hasText: "Checks run on Acme's model server" });
    expect(await welcome.count('[name="verdict-source"]')).toBe(0);
    await tryIt(welcome);
    expect(world.model.requests.length).toBeGreaterThan(0);
    expect(world.searxng.requests.length).toBeGreaterThan(0);
    expect(otherServer.requests.length).toBe(0);

    // The options page: what the policy sets is locked and said so; the rest stays the person's own.
    const options = await driver.openExtensionPage('options.html');
    await options.waitFor(byTestId('managed-notice'), { hasText: 'Some settings are set by Acme' });
    await options.waitFor(byTestId('managed-warnings'), { hasText: 'Policy key "mode"' });
    expect(await valueOf(options, 'llm-base-url')).toBe(world.model.baseUrl);
    for (const testId of ['llm-base-url', 'llm-api-key', 'llm-model-fast', 'searxng-url']) {
      expect(await options.attribute(byTestId(testId), 'data-managed')).toBe('true');
      expect(await options.attribute(byTestId(testId), 'readonly')).not.toBeNull();
    }
    for (const testId of ['llm-preset', 'search-searxng', 'search-wikipedia', 'allow-private-network']) {
      expect(await options.attribute(byTestId(testId), 'data-managed')).toBe('true');
      expect(await options.isDisabled(byTestId(testId))).toBe(true);
    }
    expect(await options.attribute(byTestId('floating-button'), 'data-managed')).toBeNull();
    expect(await options.isDisabled(byTestId('floating-button'))).toBe(false);
    expect(await options.attribute(byTestId('mode-select'), 'data-managed')).toBeNull();
    // The organisation's token never reaches a page.
    expect(await options.evaluate((token) => document.documentElement.outerHTML.includes(token), TOKEN)).toBe(false);

    // An import changes the person's own settings and leaves the locked ones as the policy sets them.
    const keyed = { enabled: false };
    const file = {
      kind: 'factlight-settings',
      version: 1,
      settings: {
        search: {
          wikipedia: { enabled: true },
          searxng: { enabled: true, baseUrl: 'https://searx.elsewhere.example' },
          serper: keyed,
          tavily: keyed,
          brave: keyed,
          exa: keyed,
          googleFactCheck: keyed,
        },
        capture: { floatingButton: false, floatingButtonOffSites: [], autoCheckReplies: false },
      },
    };
    await options.setInputFile(byTestId('import-settings'), {
      name: 'factlight-settings.json',
      mimeType: 'application/json',
      text: JSON.stringify(file),
    });
    const imported = `${byTestId('import-settings-result')}[data-state="done"]`;
    await options.waitFor(imported, { timeout: 30_000 });
    expect(await options.text(imported)).toMatch(/because your organisation sets them: .*searxngUrl/);
    expect(await options.text(imported)).toMatch(/wikipedia/);
    expect(await options.isChecked(byTestId('floating-button'))).toBe(false);
    expect(await valueOf(options, 'searxng-url')).toBe(world.searxng.baseUrl);
    expect(await options.isChecked(byTestId('search-wikipedia'))).toBe(false);

    // The organisation moves to another model server, with its own models (model replies are cached by model
    // name). Chromium reloads its policy folder while it runs; Firefox reads policies.json at start-up, so there
    // the browser is restarted (same profile).
    policy.write({ ...values, baseUrl: otherServer.baseUrl, fastModel: 'acme-fast', strongModel: 'acme-strong' });
    if (browserName === 'firefox') {
      driver = await driver.relaunch();
      drivers.splice(0, drivers.length, driver);
    }
    await expect
      .poll(
        async () => {
          const page = await driver.openExtensionPage('options.html');
          try {
            await page.waitFor(byTestId('llm-base-url'));
            return await valueOf(page, 'llm-base-url');
          } finally {
            await page.close();
          }
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(otherServer.baseUrl);
    const modelCallsBefore = world.model.requests.length;
    const again = await driver.openExtensionPage('welcome.html');
    await again.waitFor(byTestId('welcome-organisation-server'), { hasText: "Acme's model server" });
    await tryIt(again);
    expect(otherServer.requests.length).toBeGreaterThan(0);
    expect(world.model.requests.length).toBe(modelCallsBefore);
  }, 180_000);
});
