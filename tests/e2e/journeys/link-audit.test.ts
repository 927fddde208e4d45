import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  type FactWorld,
  startFactWorld,
  startWebServer,
  startWikimediaOrigin,
  type WebServer,
  type WikimediaOrigin,
} from '../../../scripts/lib/servers';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import {
  byTestId,
  configureDriverForWorld,
  type DriverOptionsPage,
  DriverSidePanel,
  pressCheckButton,
} from '../harness/journey-pages';

/** A page the text's first sentence cites, long enough for Readability to call it an article. */
const CURIE_PAGE = `<!doctype html><html lang="en"><head><title>Marie Curie biography</title></head><body><article><h1>Marie Curie</h1>
<p>Marie Curie won two Nobel Prizes: in physics in 1903 and in chemistry in 1911. She remains the only person to win Nobel Prizes in two different sciences.</p>
<p>She was born in Warsaw in 1867 and moved to Paris in 1891 to study physics and mathematics at the Sorbonne, where she met Pierre Curie.</p>
<p>Her work on radioactivity, a term she coined, led to the discovery of polonium and radium, and she founded the Curie Institutes in Paris and in Warsaw.</p></article></body></html>`;

const SOURDOUGH_PAGE = `<!doctype html><html lang="en"><head><title>Sourdough at home</title></head><body><article><h1>Sourdough at home</h1>
<p>Feed the starter twice a day with equal weights of flour and water, and keep it somewhere warm until it doubles.</p>
<p>Bake the loaf in a preheated cast-iron pot for forty minutes, removing the lid halfway through for a crisp crust.</p>
<p>Let the bread cool on a rack for at least an hour before slicing, or the crumb will turn gummy; a sharp serrated knife keeps the slices even.</p></article></body></html>`;

const ARTICLE_PAGE = `<!doctype html><html lang="en"><head><title>Science notes</title></head><body><article><h1>Science notes</h1>
<p id="cited">Marie Curie won two Nobel Prizes, in physics and in chemistry (<a href="/curie-biography">her biography</a>). Mount Everest is the highest mountain on Earth (<a href="/everest-facts">facts</a>). The Eiffel Tower was completed in 1889 and stands in Paris (<a href="/sourdough">a guide</a>).</p>
<p>Other notes follow <a href="/elsewhere">elsewhere</a>.</p></article></body></html>`;

const FACTCHECK_PAGE = `<!doctype html><html lang="en"><head><title>Fact check: the Great Wall from the Moon</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"ClaimReview","claimReviewed":"The Great Wall of China is visible from the Moon with the naked eye.","reviewRating":{"@type":"Rating","alternateName":"False"}}</script></head>
<body><article><h1>Can you see the Great Wall from the Moon?</h1>
<p id="verdict">False. The Great Wall of China is not visible from the Moon with the naked eye, as astronauts have said.</p></article></body></html>`;

/**
 * Issue 6 through the real UI in both browsers: the link audit of a typed text and of a selection (with
 * marks next to the links in the page), the explanation score, and "Rate an explanation". The cited pages
 * and the Wayback availability API ("no snapshot") are loopback servers, set through the options page.
 * A rating whose search source failed says so in the Rate tab: Wikipedia and Wikidata at their real origins on
 * loopback (scripts/lib/servers/wikimedia-origin.ts) find the evidence while the loopback SearXNG answers 500.
 */
describe(`sources and explanations journey (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let links: WebServer;
  let archive: WebServer;
  let wikimedia: WikimediaOrigin;
  let driver: ExtensionDriver | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
    links = await startWebServer({ host: '127.0.0.20' });
    links.route('/curie-biography', { body: CURIE_PAGE });
    links.route('/sourdough', { body: SOURDOUGH_PAGE });
    links.route('/article', { body: ARTICLE_PAGE });
    links.route('/wall-factcheck', { body: FACTCHECK_PAGE });
    archive = await startWebServer({ host: '127.0.0.21' });
    archive.route('/wayback/available', {
      body: JSON.stringify({ url: 'x', archived_snapshots: {} }),
      contentType: 'application/json',
    });
    wikimedia = await startWikimediaOrigin();
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
    world.searxng.faults.clear();
  });
  afterAll(async () => {
    // Whatever did start is closed, also when beforeAll failed half-way (the rest is still unset).
    await Promise.all([world?.close(), links?.close(), archive?.close(), wikimedia?.close()]);
  });

  /** The loopback archive, typed into the options page's advanced section. */
  const useLoopbackArchive = async (options: DriverOptionsPage) => {
    await options.page.click('summary', { hasText: 'Advanced: archive and DOI services' });
    await options.page.fill(byTestId('web-archive-url'), archive.origin);
  };

  it('shows each cited link with its status and support, flags an unrecovered citation, and scores the explanation of a refuted claim', async () => {
    driver = await launchDriver();
    expect(await configureDriverForWorld(driver, world, useLoopbackArchive)).toBe('Settings saved.');
    const text = [
      `Marie Curie won two Nobel Prizes, in physics and in chemistry (${links.origin}/curie-biography).`,
      `Mount Everest is the highest mountain on Earth, as ${links.origin}/everest-facts explains.`,
      `The Eiffel Tower was completed in 1889 and stands in Paris, according to ${links.origin}/sourdough.`,
      'The Great Wall of China is visible from the Moon with the naked eye.',
    ].join(' ');
    const panel = await DriverSidePanel.open(driver);
    await panel.check(text);
    await panel.waitForResult();

    const items = byTestId('link-item');
    await expect.poll(() => panel.page.count(items)).toBe(3);
    const rows = await panel.page.evaluate(
      (selector) =>
        [...document.querySelectorAll(selector)].map((element) => [
          element.getAttribute('data-status'),
          element.getAttribute('data-support'),
          element.querySelector('a')?.getAttribute('href'),
        ]),
      items,
    );
    expect(rows).toEqual([
      ['working', 'supports', `${links.origin}/curie-biography`],
      ['dead', 'unavailable', `${links.origin}/everest-facts`],
      ['working', 'unrelated', `${links.origin}/sourdough`],
    ]);
    expect(await panel.page.text(items, { nth: 1 })).toMatch(/404/);
    // The dead link was looked up in the (loopback) archive, which had no snapshot.
    expect(archive.requests.some((request) => request.path === '/wayback/available')).toBe(true);
    // Citation recovery: the unrelated page is not found to support its sentence, so it alone is flagged.
    await expect
      .poll(() =>
        panel.page.evaluate(
          (selector) =>
            [...document.querySelectorAll(selector)].map(
              (item) => item.querySelector('[data-testid="attribution-flag"]') !== null,
            ),
          items,
        ),
      )
      .toEqual([false, false, true]);

    await panel.page.click(byTestId('span'), { hasText: 'visible from the Moon' });
    await panel.page.waitFor(byTestId('claim-card'));
    await expect.poll(() => panel.page.text(byTestId('actionability-score'))).toMatch(/^\d\.\d out of 5$/);
  });

  it('audits the links inside a selection and marks each one in the page, next to the link', async () => {
    driver = await launchDriver();
    expect(await configureDriverForWorld(driver, world, useLoopbackArchive)).toBe('Settings saved.');
    const page = await driver.openPage(`${links.origin}/article`);
    await page.click('#cited', { clickCount: 3 });
    await pressCheckButton(page);

    const marks = byTestId('factlight-link-mark');
    await expect.poll(() => page.count(marks)).toBe(3);
    await expect
      .poll(
        async () => {
          const [statuses, supports] = await Promise.all([
            page.attributes(marks, 'data-status'),
            page.attributes(marks, 'data-support'),
          ]);
          return statuses.map((status, i) => `${status} ${supports[i]}`);
        },
        { timeout: 30_000 },
      )
      .toEqual(['working supports', 'dead unavailable', 'working unrelated']);
    // Each mark sits just after its link; the link outside the selection gets none; the page's DOM is untouched.
    const placement = await page.evaluate(() => {
      const anchors = [...document.querySelectorAll('#cited a')].map((a) => a.getBoundingClientRect());
      const host = [...document.querySelectorAll('factlight-ui')].find(
        (element) => element.getAttribute('data-factlight') === 'link-marks',
      )!;
      const placed = [...host.shadowRoot!.querySelectorAll('[data-testid="factlight-link-mark"]')].map((m) =>
        m.getBoundingClientRect(),
      );
      return placed.map(
        (mark, i) =>
          Math.abs(mark.left - anchors[i]!.right) < 8 &&
          Math.abs(mark.top + mark.height / 2 - (anchors[i]!.top + anchors[i]!.height / 2)) < 8,
      );
    }, undefined);
    expect(placement).toEqual([true, true, true]);
    expect(await page.evaluate(() => document.querySelectorAll('#cited *').length, undefined)).toBe(3);
  });

  it('rates an explanation selected on a fact-check page, for the claim the page reviews', async () => {
    driver = await launchDriver();
    expect(await configureDriverForWorld(driver, world)).toBe('Settings saved.');
    const page = await driver.openPage(`${links.origin}/wall-factcheck`);
    await page.click('#verdict', { clickCount: 3 });
    const panel = await DriverSidePanel.open(driver);
    await panel.page.click(byTestId('tab-rate'));
    // The panel sits beside the fact-check: its tab is the active one in the window.
    await page.bringToFront();
    await panel.page.click(byTestId('rate-use-selection'));
    await expect.poll(() => panel.page.value(byTestId('rate-explanation-text'))).toContain('not visible from the Moon');
    // The page's ClaimReview names the claim, so it is filled in.
    expect(await panel.page.value(byTestId('rate-claim'))).toBe(
      'The Great Wall of China is visible from the Moon with the naked eye.',
    );
    await panel.page.click(byTestId('rate-explanation'));
    await expect
      .poll(() => panel.page.attribute(byTestId('rating-result'), 'data-status'), { timeout: 30_000 })
      .toBe('done');
    // Names the error and gives the correction, but cites no link: 4 of 6 points.
    expect(await panel.page.text(byTestId('actionability-score'))).toBe('3.3 out of 5');
  });

  it('says in the Rate tab that a search source failed, when the other found the evidence the rating used', async () => {
    driver = await launchDriver({ httpsOrigin: wikimedia });
    // SearXNG beside Wikipedia (on, as installed), and SearXNG down: every search it gets answers 500.
    const withWikipedia = (options: DriverOptionsPage) => options.page.setChecked(byTestId('search-wikipedia'), true);
    expect(await configureDriverForWorld(driver, world, withWikipedia)).toBe('Settings saved.');
    world.searxng.faults.always({ kind: 'server-error' });
    const searchedBefore = world.searxng.requests.length;
    const panel = await DriverSidePanel.open(driver);
    await panel.page.click(byTestId('tab-rate'));
    await panel.page.fill(
      byTestId('rate-explanation-text'),
      'False. The Great Wall of China is not visible from the Moon with the naked eye, as astronauts have said.',
    );
    await panel.page.fill(
      byTestId('rate-claim'),
      'The Great Wall of China is visible from the Moon with the naked eye.',
    );
    await panel.page.click(byTestId('rate-explanation'));
    await expect
      .poll(() => panel.page.attribute(byTestId('rating-result'), 'data-status'), { timeout: 60_000 })
      .toBe('done');
    // Rated on Wikipedia's evidence: SearXNG was asked and failed, Wikipedia answered.
    expect(world.searxng.requests.length).toBeGreaterThan(searchedBefore);
    expect(wikimedia.requests.some((request) => request.host === 'en.wikipedia.org')).toBe(true);
    expect(await panel.page.text(byTestId('actionability-score'))).toMatch(/^\d\.\d out of 5$/);
    // The warning, folded as a check's are, in the interface's words.
    await panel.page.click(`${byTestId('rating-warnings')} summary`);
    expect(await panel.page.text(`${byTestId('rating-warnings')} summary`)).toBe(
      '1 warning: some sources could not be used',
    );
    expect(await panel.page.texts(`${byTestId('rating-warnings')} li`)).toEqual(['SearXNG had a server error (500).']);
  });
});
