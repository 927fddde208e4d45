/**
 * "Open in side panel" from the page's card, read in Chrome's real side panel. ("Fact-check this page"
 * from the panel is a shared journey: tests/e2e/journeys/page-check.test.ts; Firefox's sidebar:
 * tests/e2e/firefox/sidebar.test.ts.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { configureForWorld } from '../../scripts/lib/extension/configure';
import { type ExtensionBrowser, launchWithExtension } from '../../scripts/lib/extension/launch';
import { type FactWorld, startFactWorld } from '../../scripts/lib/servers';
import { READY_CHECK_BUTTON } from './harness/journey-pages';
import { realSidePanel } from './harness/real-side-panel';

describe('page commands', () => {
  let world: FactWorld;
  const browsers: ExtensionBrowser[] = [];

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(() => world.close());

  async function configuredBrowser(): Promise<ExtensionBrowser> {
    const browser = await launchWithExtension();
    browsers.push(browser);
    expect(await configureForWorld(browser, world)).toBe('Settings saved.');
    return browser;
  }

  it('opens the clicked claim in the side panel from the card, whether the panel is open or was closed', async () => {
    const browser = await configuredBrowser();
    const page = await browser.context.newPage();
    await page.goto(`${world.sites.get('eiffel')!.origin}/eiffel`);
    await page.locator('article p').nth(1).click({ clickCount: 3 });
    // The floating button's click opens the real side panel (a user gesture reaches the background).
    await page.locator(READY_CHECK_BUTTON).click();
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    const sidePanel = await realSidePanel(browser);
    await expect.poll(() => sidePanel.url()).not.toBeNull();

    const cardOfClaim = 'document.querySelector("[data-testid=claim-card]")?.innerText ?? null';
    const openFromCard = async () => {
      const point = await page.evaluate(() => {
        const rect = ([...CSS.highlights.get('factlight-green')!][0] as Range).getClientRects()[0]!;
        return { x: rect.left + 5, y: rect.top + rect.height / 2 };
      });
      await page.mouse.click(point.x, point.y);
      await page.getByTestId('factlight-card').getByRole('button', { name: 'Open in side panel' }).click();
    };

    // The panel is open, showing no claim: the card's button brings up that claim in it.
    expect(await sidePanel.evaluate(cardOfClaim)).toBeNull();
    await openFromCard();
    await expect
      .poll(() => sidePanel.evaluate(cardOfClaim), { timeout: 10_000 })
      .toMatch(/It was designed by the engineering company of Gustave Eiffel[\s\S]*Supported/);

    // The user closed the panel: the same button opens it again, on that claim.
    await sidePanel.close();
    await openFromCard();
    await expect
      .poll(() => sidePanel.evaluate(cardOfClaim), { timeout: 10_000 })
      .toMatch(/It was designed by the engineering company of Gustave Eiffel[\s\S]*Supported/);
  });
});
