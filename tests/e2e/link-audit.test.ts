import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFactWorld, startWebServer, type FactWorld, type WebServer } from '../servers';
import { configureForWorld } from './harness/configure';
import { launchWithExtension, type ExtensionBrowser } from './harness/launch';
import { SidePanelPage } from './harness/side-panel-page';

/**
 * The link audit and explanation scoring through the real side panel: a text citing a supporting page,
 * a dead link and an unrelated page (all on loopback), with the Wayback availability API on loopback too
 * (answering "no snapshot"), set through the options page as a user would.
 */
describe('sources the text cites', () => {
  let world: FactWorld;
  let links: WebServer;
  let archive: WebServer;
  let browser: ExtensionBrowser | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
    links = await startWebServer({ host: '127.0.0.20' });
    links.route('/curie-biography', {
      body: `<!doctype html><html lang="en"><head><title>Marie Curie biography</title></head><body><article><h1>Marie Curie</h1>
<p>Marie Curie won two Nobel Prizes: in physics in 1903 and in chemistry in 1911. She remains the only person to win Nobel Prizes in two different sciences.</p>
<p>She was born in Warsaw in 1867 and moved to Paris in 1891 to study physics and mathematics at the Sorbonne, where she met Pierre Curie.</p>
<p>Her work on radioactivity, a term she coined, led to the discovery of polonium and radium, and she founded the Curie Institutes in Paris and in Warsaw.</p></article></body></html>`,
    });
    links.route('/sourdough', {
      body: `<!doctype html><html lang="en"><head><title>Sourdough at home</title></head><body><article><h1>Sourdough at home</h1>
<p>Feed the starter twice a day with equal weights of flour and water, and keep it somewhere warm until it doubles.</p>
<p>Bake the loaf in a preheated cast-iron pot for forty minutes, removing the lid halfway through for a crisp crust.</p>
<p>Let the bread cool on a rack for at least an hour before slicing, or the crumb will turn gummy; a sharp serrated knife keeps the slices even.</p></article></body></html>`,
    });
    links.route('/article', {
      body: `<!doctype html><html lang="en"><head><title>Science notes</title></head><body><article><h1>Science notes</h1>
<p id="cited">Marie Curie won two Nobel Prizes, in physics and in chemistry (<a href="/curie-biography">her biography</a>). Mount Everest is the highest mountain on Earth (<a href="/everest-facts">facts</a>). The Eiffel Tower was completed in 1889 and stands in Paris (<a href="/sourdough">a guide</a>).</p>
<p>Other notes follow <a href="/elsewhere">elsewhere</a>.</p></article></body></html>`,
    });
    links.route('/wall-factcheck', {
      body: `<!doctype html><html lang="en"><head><title>Fact check: the Great Wall from the Moon</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"ClaimReview","claimReviewed":"The Great Wall of China is visible from the Moon with the naked eye.","reviewRating":{"@type":"Rating","alternateName":"False"}}</script></head>
<body><article><h1>Can you see the Great Wall from the Moon?</h1>
<p id="verdict">False. The Great Wall of China is not visible from the Moon with the naked eye, as astronauts have said.</p></article></body></html>`,
    });
    archive = await startWebServer({ host: '127.0.0.21' });
    archive.route('/wayback/available', { body: JSON.stringify({ url: 'x', archived_snapshots: {} }), contentType: 'application/json' });
  });
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });
  afterAll(async () => {
    await Promise.all([world.close(), links.close(), archive.close()]);
  });

  it('shows each cited link with its status and support, and scores the explanation of a refuted claim', async () => {
    browser = await launchWithExtension();
    const saved = await configureForWorld(browser, world, async (options) => {
      await options.page.getByText('Advanced: archive and DOI services').click();
      await options.page.getByTestId('web-archive-url').fill(archive.origin);
    });
    expect(saved).toBe('Settings saved.');

    const text = [
      `Marie Curie won two Nobel Prizes, in physics and in chemistry (${links.origin}/curie-biography).`,
      `Mount Everest is the highest mountain on Earth, as ${links.origin}/everest-facts explains.`,
      `The Eiffel Tower was completed in 1889 and stands in Paris, according to ${links.origin}/sourdough.`,
      'The Great Wall of China is visible from the Moon with the naked eye.',
    ].join(' ');
    const panel = await SidePanelPage.open(browser);
    await panel.check(text);
    await panel.waitForResult();

    const items = panel.page.getByTestId('link-item');
    await expect.poll(() => items.count()).toBe(3);
    const rows = await items.evaluateAll((elements) => elements.map((element) => [element.getAttribute('data-status'), element.getAttribute('data-support'), element.querySelector('a')?.getAttribute('href')]));
    expect(rows).toEqual([
      ['working', 'supports', `${links.origin}/curie-biography`],
      ['dead', 'unavailable', `${links.origin}/everest-facts`],
      ['working', 'unrelated', `${links.origin}/sourdough`],
    ]);
    expect(await items.nth(1).textContent()).toMatch(/404/);
    // Citation recovery: the unrelated page is not found to support its sentence, so it is flagged.
    await expect.poll(() => items.nth(2).getByTestId('attribution-flag').count()).toBe(1);
    expect(await items.nth(0).getByTestId('attribution-flag').count()).toBe(0);
    // The dead link was looked up in the (loopback) archive, which had no snapshot.
    expect(archive.requests.some((request) => request.path === '/wayback/available')).toBe(true);

    await panel.spans().filter({ hasText: 'visible from the Moon' }).first().click();
    const card = panel.page.getByTestId('claim-card');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('actionability-score').textContent()).toMatch(/^\d\.\d \/ 5$/);
  });

  it('rates an explanation selected on a fact-check page, for the claim the page reviews', async () => {
    browser = await launchWithExtension();
    expect(await configureForWorld(browser, world)).toBe('Settings saved.');
    const page = await browser.context.newPage();
    await page.goto(`${links.origin}/wall-factcheck`);
    await page.locator('#verdict').click({ clickCount: 3 });
    const panel = await SidePanelPage.open(browser);
    await panel.page.getByTestId('tab-rate').click();
    // The panel sits beside the fact-check: its tab is the active one in the window.
    await page.bringToFront();
    await panel.page.getByTestId('rate-use-selection').click();
    await expect.poll(() => panel.page.getByTestId('rate-explanation-text').inputValue()).toContain('not visible from the Moon');
    // The page's ClaimReview names the claim, so it is filled in.
    expect(await panel.page.getByTestId('rate-claim').inputValue()).toBe('The Great Wall of China is visible from the Moon with the naked eye.');
    await panel.page.getByTestId('rate-explanation').click();
    const result = panel.page.getByTestId('rating-result');
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    // Names the error and gives the correction, but cites no link: 4 of 6 points.
    expect(await result.getByTestId('actionability-score').textContent()).toBe('3.3 / 5');
  });

  it('audits the links inside a selection and marks each one in the page, next to the link', async () => {
    browser = await launchWithExtension();
    expect(await configureForWorld(browser, world, async (options) => {
      await options.page.getByText('Advanced: archive and DOI services').click();
      await options.page.getByTestId('web-archive-url').fill(archive.origin);
    })).toBe('Settings saved.');
    const page = await browser.context.newPage();
    await page.goto(`${links.origin}/article`);
    await page.locator('#cited').click({ clickCount: 3 });
    await page.getByTestId('factlight-check-selection').click();

    const marks = page.getByTestId('factlight-link-mark');
    await expect.poll(() => marks.count(), { timeout: 30_000 }).toBe(3);
    await expect
      .poll(() => marks.evaluateAll((elements) => elements.map((element) => `${element.getAttribute('data-status')} ${element.getAttribute('data-support')}`)), { timeout: 30_000 })
      .toEqual(['working supports', 'dead unavailable', 'working unrelated']);
    // Each mark sits just after its link, and the link outside the selection gets none.
    const placement = await page.evaluate(() => {
      const anchors = [...document.querySelectorAll('#cited a')].map((a) => a.getBoundingClientRect());
      const host = [...document.querySelectorAll('factlight-ui')].find((element) => element.getAttribute('data-factlight') === 'link-marks')!;
      const placed = [...host.shadowRoot!.querySelectorAll('[data-testid="factlight-link-mark"]')].map((m) => m.getBoundingClientRect());
      return placed.map((mark, i) => Math.abs(mark.left - anchors[i]!.right) < 8 && Math.abs(mark.top + mark.height / 2 - (anchors[i]!.top + anchors[i]!.height / 2)) < 8);
    });
    expect(placement).toEqual([true, true, true]);
    expect(await page.locator('#cited').evaluate((p) => p.querySelectorAll('*').length)).toBe(3); // the page's DOM is untouched
  });
});
