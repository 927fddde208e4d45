import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFactWorld, type FactWorld } from '../servers';
import { configureForWorld } from './harness/configure';
import { launchWithExtension, type ExtensionBrowser } from './harness/launch';
import { realSidePanel } from './harness/real-side-panel';
import { SidePanelPage } from './harness/side-panel-page';

const NAMES = ['factlight-green', 'factlight-orange', 'factlight-red', 'factlight-grey', 'factlight-unknown'];

/**
 * A news page with the chrome real sites have around the article: navigation, a "trending" sidebar holding
 * a false claim, a newsletter box and a footer. Only the article is to be checked.
 */
const NEWS_PAGE = `<!doctype html><html lang="en"><head><title>Landmarks and records - Daily Reference</title></head><body>
<header><nav><a href="/">Home</a> <a href="/world">World</a> <a href="/science">Science</a> <a href="/subscribe">Subscribe to our newsletter</a></nav></header>
<aside class="sidebar"><h2>Trending</h2><p>The Great Wall of China is visible from the Moon with the naked eye.</p><a href="/more">More stories</a></aside>
<main><article><h1>Landmarks and records</h1>
<p>The Eiffel Tower was completed in 1889 and stands in Paris. It is about 330 metres tall.</p>
<p>Mount Everest is the highest mountain on Earth, at 8,849 metres.</p>
<p>Marie Curie won two Nobel Prizes, in physics and in chemistry.</p>
</article></main>
<div class="newsletter"><p>Get the best stories every morning. Sign up for our newsletter today.</p></div>
<footer><p>© 2024 Daily Reference. All rights reserved. Privacy policy. Cookie settings.</p></footer>
</body></html>`;

/** Starting checks from outside the page's text: "Fact-check this page" and "Open in side panel". */
describe('page commands', () => {
  let world: FactWorld;
  const browsers: ExtensionBrowser[] = [];

  beforeAll(async () => {
    world = await startFactWorld();
    world.sites.get('eiffel')!.route('/news/landmarks', { body: NEWS_PAGE });
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

  it('checks the main article of the page beside the panel, not its navigation or footer, and highlights it there', async () => {
    const browser = await configuredBrowser();
    const page = await browser.context.newPage();
    await page.goto(world.sites.get('eiffel')!.url('/news/landmarks'));
    const panel = await SidePanelPage.open(browser);
    // The panel sits beside the article: the article's tab is the active one in the window.
    await page.bringToFront();
    await panel.page.getByTestId('check-page').click();
    await panel.waitForResult();

    // The checked text is the article's, without the page's chrome.
    const checked = (await panel.page.getByTestId('sentence').allTextContents()).join(' ');
    expect(checked).toContain('The Eiffel Tower was completed in 1889 and stands in Paris.');
    expect(checked).toContain('Marie Curie won two Nobel Prizes, in physics and in chemistry.');
    for (const boilerplate of ['Great Wall', 'Subscribe', 'newsletter', 'Trending', '©', 'Cookie']) expect(checked).not.toContain(boilerplate);
    expect(await panel.overallScore()).toMatch(/7 of 7 claims checked/);
    await expect.poll(() => panel.page.getByTestId('not-found-on-page').count()).toBe(0);

    // Every claim is highlighted in the page, inside the article, over its own words.
    await page.waitForFunction((names) => names.reduce((n, name) => n + (CSS.highlights.get(name)?.size ?? 0), 0) === 7, NAMES, { timeout: 30_000 });
    const drawn = await page.evaluate((names) => {
      const article = document.querySelector('article')!;
      return names.flatMap((name) =>
        [...(CSS.highlights.get(name) ?? [])].map((range) => ({ name, text: (range as Range).toString(), inArticle: article.contains((range as Range).commonAncestorContainer) })),
      );
    }, NAMES);
    expect(drawn.every((span) => span.inArticle)).toBe(true);
    expect(drawn.map((span) => span.name)).not.toContain('factlight-red');
    expect(drawn.map((span) => span.text).sort()).toEqual([
      'It is about 330 metres tall.',
      'Marie Curie won two Nobel Prizes',
      'Marie Curie won two Nobel Prizes, in physics and in chemistry.',
      'Mount Everest is the highest mountain on Earth',
      'Mount Everest is the highest mountain on Earth, at 8,849 metres.',
      'The Eiffel Tower was completed in 1889',
      'The Eiffel Tower was completed in 1889 and stands in Paris.',
    ]);
  });

  it('opens the clicked claim in the side panel from the card, whether the panel is open or was closed', async () => {
    const browser = await configuredBrowser();
    const page = await browser.context.newPage();
    await page.goto(`${world.sites.get('eiffel')!.origin}/eiffel`);
    await page.locator('article p').nth(1).click({ clickCount: 3 });
    // The floating button's click opens the real side panel (a user gesture reaches the background).
    await page.getByTestId('factlight-check-selection').click();
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, { timeout: 30_000 });
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
    await expect.poll(() => sidePanel.evaluate(cardOfClaim), { timeout: 10_000 }).toMatch(/It was designed by the engineering company of Gustave Eiffel[\s\S]*Supported/);

    // The user closed the panel: the same button opens it again, on that claim.
    await sidePanel.close();
    await openFromCard();
    await expect.poll(() => sidePanel.evaluate(cardOfClaim), { timeout: 10_000 }).toMatch(/It was designed by the engineering company of Gustave Eiffel[\s\S]*Supported/);
  });
});
