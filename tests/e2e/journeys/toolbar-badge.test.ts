import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, startFactWorld } from '../../../scripts/lib/servers';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, configureDriverForWorld } from '../harness/journey-pages';

/** One false claim (the Great Wall myth, refuted by the fact world) beside a true one. */
const MYTHS_PAGE = `<!doctype html><html lang="en"><head><title>Myths and records</title></head><body><article>
<h1>Myths and records</h1>
<p>The Great Wall of China is visible from the Moon with the naked eye. Mount Everest is the highest mountain on Earth, at 8,849 metres.</p>
</article></body></html>`;

/**
 * The toolbar button's badge after a check in a page: the browser's own badge state for that tab, read
 * where the browser keeps it, in Chromium and Firefox.
 */
describe(`toolbar badge (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let driver: ExtensionDriver | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
    world.sites.get('eiffel')!.route('/myths', { body: MYTHS_PAGE });
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(() => world.close());

  it('shows a running mark, then the number of refuted claims for the tab the check ran in; nothing elsewhere or after navigating away', async () => {
    driver = await launchDriver();
    expect(await configureDriverForWorld(driver, world)).toBe('Settings saved.');
    const url = world.sites.get('eiffel')!.url('/myths');
    const page = await driver.openPage(url);
    const otherUrl = `${world.sites.get('everest')!.origin}/everest`;
    await driver.openPage(otherUrl);
    expect(await driver.badgeText(url)).toBe('');

    await page.bringToFront();
    // The model's first answer comes late, so the check is seen running.
    world.model.faults.next({ kind: 'latency', ms: 5_000 }, 1, { pathPrefix: '/v1/chat' });
    await page.click('article p', { clickCount: 3 }); // a person selects the paragraph
    await page.click(byTestId('factlight-check-selection'));
    await expect.poll(() => driver!.badgeText(url), { timeout: 5_000, interval: 100 }).toBe('…');
    // The refuted claim is drawn in red once the check has its verdicts.
    await page.waitForFunction(() => (CSS.highlights.get('factlight-red')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });

    await expect.poll(() => driver!.badgeText(url)).toBe('1');
    expect(await driver.badgeText(otherUrl)).toBe('');

    // Another page in the same tab has no check: the browser drops the tab's badge, and nothing puts it back.
    const nextUrl = world.sites.get('eiffel')!.url('/eiffel');
    await page.evaluate((next) => location.assign(next), nextUrl);
    await expect.poll(() => page.url()).toBe(nextUrl);
    await page.waitFor('article p');
    expect(await driver.badgeText(nextUrl)).toBe('');
  });
});
