import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFactWorld, type FactWorld } from '../servers';
import { launchWithExtension, type ExtensionBrowser } from './harness/launch';
import { configureForWorld } from './harness/configure';
import { OptionsPage } from './harness/options-page';
import { SidePanelPage } from './harness/side-panel-page';

const NAMES = ['factlight-green', 'factlight-orange', 'factlight-red', 'factlight-grey', 'factlight-unknown'];

/** Checking text where it is read: select, press the floating button, see the highlights in the page. */
describe('in the page', () => {
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

  it('checks a selected paragraph with the floating button, highlights it in place, and opens a card on click', async () => {
    const browser = await configuredBrowser();
    const page = await browser.context.newPage();
    await page.goto(`${world.sites.get('eiffel')!.origin}/eiffel`);
    const paragraph = page.locator('article p').nth(1);
    await paragraph.click({ clickCount: 3 }); // a person selects the paragraph
    await page.getByTestId('factlight-check-selection').click();

    // The check runs in the background and its spans are drawn with the CSS Custom Highlight API.
    await page.waitForFunction((names) => names.some((name) => (CSS.highlights.get(name)?.size ?? 0) > 0) && CSS.highlights.get('factlight-green')!.size > 0, NAMES, { timeout: 30_000 });
    const drawn = await page.evaluate((names) => names.flatMap((name) => [...(CSS.highlights.get(name) ?? [])].map((range) => `${name}: ${(range as Range).toString()}`)), NAMES);
    expect(drawn).toEqual(["factlight-green: It was designed by the engineering company of Gustave Eiffel and completed in 1889 as the centrepiece of the World's Fair."]);
    // The page's own DOM is untouched: no element was wrapped around the text.
    expect(await paragraph.evaluate((p) => p.children.length)).toBe(0);

    const panel = await SidePanelPage.open(browser);
    await panel.openHistory();
    await panel.page.getByTestId('history-item').first().click();
    await panel.page.getByTestId('overall-score').waitFor();
    expect(await panel.overallScore()).toMatch(/1 of 1 claims checked/);

    const point = await page.evaluate(() => {
      const rect = ([...CSS.highlights.get('factlight-green')!][0] as Range).getClientRects()[0]!;
      return { x: rect.left + 5, y: rect.top + rect.height / 2 };
    });
    await page.mouse.click(point.x, point.y);
    const card = page.getByTestId('factlight-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Supported');
  });

  it('shows no floating button on a site the user turned it off for', async () => {
    const browser = await configuredBrowser();
    const options = await OptionsPage.open(browser);
    await options.page.getByTestId('floating-button-off-sites').fill('127.0.0.3');
    expect(await options.save()).toBe('Settings saved.');
    const page = await browser.context.newPage();
    await page.goto(`${world.sites.get('everest')!.origin}/everest`);
    await page.locator('article p').first().click({ clickCount: 3 });
    // The script asks the background once; once it has answered, the decision is made.
    await page.waitForFunction(() => (document.getSelection()?.toString().length ?? 0) > 0);
    const other = await browser.context.newPage();
    await other.goto(`${world.sites.get('eiffel')!.origin}/eiffel`);
    await other.locator('article p').first().click({ clickCount: 3 });
    await other.getByTestId('factlight-check-selection').waitFor();
    expect(await page.locator('factlight-ui[data-factlight="check-selection"]').count()).toBe(0);
  });

  it('keeps highlights on the text when the page re-renders it and when the window is resized, until cleared', async () => {
    const browser = await configuredBrowser();
    const page = await browser.context.newPage();
    await page.goto(`${world.sites.get('eiffel')!.origin}/eiffel`);
    await page.locator('article p').nth(1).click({ clickCount: 3 });
    await page.getByTestId('factlight-check-selection').click();
    const sentence = "It was designed by the engineering company of Gustave Eiffel and completed in 1889 as the centrepiece of the World's Fair.";
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, { timeout: 30_000 });
    // Wait for the finished check's last push, so the re-render below is not raced by a redraw.
    const panel = await SidePanelPage.open(browser);
    await panel.openHistory();
    await panel.page.getByTestId('history-item').first().click();
    await panel.waitForResult();

    // The site re-renders the paragraph as a framework would: a new node with the same text.
    await page.evaluate(() => {
      const old = document.querySelectorAll('article p')[1]!;
      const fresh = old.cloneNode(true) as Element;
      fresh.setAttribute('data-rerendered', '');
      old.replaceWith(fresh);
    });
    const drawnIn = () =>
      page.evaluate((names) => {
        const fresh = document.querySelector('article p[data-rerendered]')!;
        return names.flatMap((name) => [...(CSS.highlights.get(name) ?? [])].map((r) => `${name} ${fresh.contains((r as Range).startContainer) && fresh.contains((r as Range).endContainer) ? 'new' : 'stale'}: ${(r as Range).toString()}`));
      }, NAMES);
    await expect.poll(drawnIn).toEqual([`factlight-green new: ${sentence}`]);

    // A narrower window re-wraps the text: the highlight stays, and is still found where it now is.
    const lastLine = () =>
      page.evaluate(() => {
        const rects = ([...CSS.highlights.get('factlight-green')!][0] as Range).getClientRects();
        const last = rects[rects.length - 1]!;
        return { lines: rects.length, x: last.left + 5, y: last.top + last.height / 2 };
      });
    const wide = await lastLine();
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await drawnIn()).toEqual([`factlight-green new: ${sentence}`]);
    const narrow = await lastLine();
    expect(narrow.lines).toBeGreaterThan(wide.lines);
    await page.mouse.click(narrow.x, narrow.y);
    expect(await page.getByTestId('factlight-card').textContent()).toContain('Supported');

    await panel.page.getByTestId('clear-highlights').click();
    await page.waitForFunction((names) => names.every((name) => (CSS.highlights.get(name)?.size ?? 0) === 0), NAMES);
    await page.getByTestId('factlight-card').waitFor({ state: 'detached' });
  });

  it('scrolls the page to a claim chosen in the side panel, and clears the highlights', async () => {
    const browser = await configuredBrowser();
    const site = world.sites.get('everest')!;
    site.route('/long', { body: '<!doctype html><title>Everest</title><article><div style="height:3000px">Intro.</div><p>Mount Everest is the highest mountain on Earth, at 8,849 metres.</p><div style="height:3000px"></div></article>' });
    const page = await browser.context.newPage();
    await page.goto(site.url('/long'));
    await page.locator('article p').click({ clickCount: 3 });
    await page.getByTestId('factlight-check-selection').click();
    await page.waitForFunction((names) => names.reduce((n, name) => n + (CSS.highlights.get(name)?.size ?? 0), 0) === 2, NAMES, { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));

    const panel = await SidePanelPage.open(browser);
    await panel.openHistory();
    await panel.page.getByTestId('history-item').first().click();
    await panel.spans().first().click();
    await panel.page.getByTestId('reveal-claim').click();
    await page.waitForFunction(() => window.scrollY > 2000);

    await panel.page.getByTestId('clear-highlights').click();
    await page.waitForFunction((names) => names.every((name) => (CSS.highlights.get(name)?.size ?? 0) === 0), NAMES);
  });
});
