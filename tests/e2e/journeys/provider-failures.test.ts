/**
 * A provider's account failure, as a person meets it in the side panel, in Chromium and in Firefox: the
 * model server answers every request as OpenAI does for an account out of credit (429, `type:
 * "insufficient_quota"`, no Retry-After: scripts/lib/servers/provider-rules/openai.ts cites the docs). The
 * check's first line says the account is out of credit and what to do, nothing is retried, and no claim
 * reads as judged.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, startFactWorld } from '../../../scripts/lib/servers';
import { openAiRules } from '../../../scripts/lib/servers/provider-rules/index';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, configureDriverForWorld, DriverSidePanel } from '../harness/journey-pages';

const TEXT =
  'The Eiffel Tower was completed in 1889 and stands in Paris. The Great Wall of China is visible from the Moon with the naked eye.';

describe(`an account out of credit (${driverBrowserName()})`, () => {
  let world: FactWorld;
  const drivers: ExtensionDriver[] = [];

  beforeAll(async () => {
    world = await startFactWorld({ provider: openAiRules({ outOfCredit: 'insufficient_quota' }) });
  });
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  });
  afterAll(async () => {
    await world.close();
  });

  it('says so first, with the fix, after one request and no retries', async () => {
    const driver = await launchDriver();
    drivers.push(driver);
    expect(await configureDriverForWorld(driver, world)).toBe('Settings saved.');
    const panel = await DriverSidePanel.open(driver);
    await panel.check(TEXT);
    await panel.waitForResult();
    const status = byTestId('check-status');
    await panel.page.waitFor(`${status}[data-status="incomplete"]`);
    const headline = await panel.page.text(status);
    expect(headline).toContain('could not be checked');
    expect(headline).toContain('out of credit (billing): add credit or raise the spending limit');
    expect(await panel.page.attributes(byTestId('span'), 'data-band')).not.toContain('green');
    // Waiting cannot restore an exhausted account: the first refusal ends every later call unsent.
    const chats = world.model.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(chats.length).toBeGreaterThan(0);
    expect(chats.length).toBeLessThanOrEqual(2);
  });
});
