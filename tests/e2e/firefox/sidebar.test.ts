/**
 * Where Firefox differs from Chrome around the panel: a sidebar, which Firefox opens only from its own UI
 * (our context menu, shortcut, toolbar button), never from a click in a web page. So the page card's
 * "Open in side panel" shows the claim in the sidebar when it is open, and otherwise in the panel page,
 * opened in a tab next to the page. (Chrome's side panel: page-commands.test.ts.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, startFactWorld } from '../../../scripts/lib/servers';
import { type FirefoxDriver, launchFirefoxDriver } from '../harness/firefox-driver';
import { realSidebar } from '../harness/firefox-sidebar';
import { byTestId, configureDriverForWorld } from '../harness/journey-pages';

const CLAIM = /It was designed by the engineering company of Gustave Eiffel[\s\S]*Supported/;

describe('the sidebar in Firefox', () => {
  let world: FactWorld;
  let driver: FirefoxDriver | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(() => world.close());

  it('shows the claim clicked in the page in the open sidebar, or, once the sidebar is closed, in a tab', async () => {
    driver = await launchFirefoxDriver();
    expect(await configureDriverForWorld(driver, world)).toBe('Settings saved.');
    const sidebar = await realSidebar(driver);
    expect(await sidebar.isOpen()).toBe(true); // Firefox opens it on install

    const page = await driver.openPage(`${world.sites.get('eiffel')!.origin}/eiffel`);
    await page.click('article p:nth-of-type(2)', { clickCount: 3 });
    await page.click(byTestId('factlight-check-selection'));
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    const openFromCard = async () => {
      const point = await page.evaluate(() => {
        const rect = ([...CSS.highlights.get('factlight-green')!][0] as Range).getClientRects()[0]!;
        return { x: rect.left + 5, y: rect.top + rect.height / 2 };
      }, undefined);
      await page.clickAt(point.x, point.y);
      await page.click(`${byTestId('factlight-card')} button`, { hasText: 'Open in side panel' });
    };

    // The sidebar is open, showing no claim: the card's button brings that claim up in it.
    expect(await sidebar.text(byTestId('claim-card'))).toBeNull();
    await openFromCard();
    await expect.poll(() => sidebar.text(byTestId('claim-card'))).toMatch(CLAIM);

    // The user closed the sidebar; Firefox will not reopen it from the page, so the panel opens in a tab.
    await sidebar.close();
    const opened = driver.waitForTab(`${driver.baseUrl}sidepanel.html`);
    await openFromCard();
    const panel = await opened;
    await panel.waitFor(byTestId('claim-card'));
    expect(await panel.text(byTestId('claim-card'))).toMatch(CLAIM);
    expect(await sidebar.isOpen()).toBe(false);
  });
});
