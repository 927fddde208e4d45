import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, startFactWorld } from '../../../scripts/lib/servers';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { ALL_HIGHLIGHT_NAMES, byTestId, configureDriverForWorld, DriverSidePanel } from '../harness/journey-pages';

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

/** "Fact-check this page" in the panel, for the tab beside it: the same journey in Chromium and Firefox. */
describe(`page check journey (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let driver: ExtensionDriver | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
    world.sites.get('eiffel')!.route('/news/landmarks', { body: NEWS_PAGE });
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(() => world.close());

  it('checks the main article of the page beside the panel, not its navigation or footer, and highlights it there', async () => {
    driver = await launchDriver();
    expect(await configureDriverForWorld(driver, world)).toBe('Settings saved.');
    const page = await driver.openPage(world.sites.get('eiffel')!.url('/news/landmarks'));
    const panel = await DriverSidePanel.open(driver);
    // The panel sits beside the article: the article's tab is the active one in the window.
    await page.bringToFront();
    await panel.page.click(byTestId('check-page'));
    await panel.waitForResult();

    // The checked text is the article's, without the page's chrome.
    const checked = await panel.page.evaluate(
      () => [...document.querySelectorAll('[data-testid="sentence"]')].map((node) => node.textContent).join(' '),
      undefined,
    );
    expect(checked).toContain('The Eiffel Tower was completed in 1889 and stands in Paris.');
    expect(checked).toContain('Marie Curie won two Nobel Prizes, in physics and in chemistry.');
    for (const boilerplate of ['Great Wall', 'Subscribe', 'newsletter', 'Trending', '©', 'Cookie'])
      expect(checked).not.toContain(boilerplate);
    expect(await panel.overallScore()).toMatch(/7 of 7 claims checked/);
    await expect.poll(() => panel.page.count(byTestId('not-found-on-page'))).toBe(0);

    // Every claim is highlighted in the page, inside the article, over its own words.
    await page.waitForFunction(
      (names) => names.reduce((n, name) => n + (CSS.highlights.get(name)?.size ?? 0), 0) === 7,
      ALL_HIGHLIGHT_NAMES,
      { timeout: 30_000 },
    );
    const drawn = await page.evaluate((names) => {
      const article = document.querySelector('article')!;
      return names.flatMap((name) =>
        [...(CSS.highlights.get(name) ?? [])].map((range) => ({
          name,
          text: (range as Range).toString(),
          inArticle: article.contains((range as Range).commonAncestorContainer),
        })),
      );
    }, ALL_HIGHLIGHT_NAMES);
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
});
