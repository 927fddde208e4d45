import { afterAll, describe, expect, it } from 'vitest';

import { type HttpsOrigin, startHttpsOrigin, WIKIMEDIA_HOSTS } from '../../../scripts/lib/servers';
import { driverBrowserName, type DriverPage } from '../harness/driver';
import {
  ALL_HIGHLIGHT_NAMES,
  byTestId,
  DriverOptionsPage,
  DriverSidePanel,
  pressCheckButton,
} from '../harness/journey-pages';
import { useJourneyWorld } from '../harness/journey-world';

/** Every range in our named highlights, as "name: text", read from the page itself. */
function drawnHighlights(page: DriverPage): Promise<string[]> {
  return page.evaluate(
    (names) =>
      names.flatMap((name) =>
        [...(CSS.highlights.get(name) ?? [])].map((range) => `${name}: ${(range as Range).toString()}`),
      ),
    ALL_HIGHLIGHT_NAMES,
  );
}

/**
 * No model at all: a selection check finds sources per sentence (evidence-only mode), shown with a neutral
 * mark and no verdict colours, in the page and in the side panel. Then a model is set up, and "Judge these
 * sources" gives verdicts while the search server receives no new request for the queries already made.
 */
describe(`evidence-only journeys (${driverBrowserName()})`, () => {
  const journey = useJourneyWorld();
  let wikimediaDown: HttpsOrigin | undefined;
  afterAll(async () => {
    await wikimediaDown?.close();
  });

  it('shows sources per sentence with no verdict colours, then judges them with a model without searching again', async () => {
    const driver = await journey.launch();
    // Search only: the loopback SearXNG, no model.
    const options = await DriverOptionsPage.open(driver);
    await options.page.setChecked(byTestId('search-wikipedia'), false);
    await options.enableSearxng(journey.world.searxng.baseUrl);
    await options.page.setChecked(byTestId('allow-private-network'), true);
    expect(await options.save()).toBe('Settings saved.');

    const page = await driver.openPage(`${journey.world.sites.get('eiffel')!.origin}/eiffel`);
    await page.click('article p:nth-of-type(3)', { clickCount: 3 }); // "The tower is 330 metres tall, …"
    await pressCheckButton(page);
    await page.waitForFunction(() => (CSS.highlights.get('factlight-sources')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    const drawn = await drawnHighlights(page);
    expect(drawn).toEqual([expect.stringMatching(/^factlight-sources: The tower is 330 metres tall/)]);

    // The side panel: the check, once it is done (the mark is drawn while sources are still being looked for).
    const panel = await DriverSidePanel.open(driver);
    await panel.openHistory();
    await panel.page.click(byTestId('history-item'));
    await panel.page.waitFor(`${byTestId('check-result')}[data-status="done"]`);

    // The page's card: how many sources, no verdict.
    await page.bringToFront();
    const point = await page.evaluate(() => {
      const rect = ([...CSS.highlights.get('factlight-sources')!][0] as Range).getClientRects()[0]!;
      return { x: rect.left + 5, y: rect.top + rect.height / 2 };
    }, undefined);
    // The page gets the finished check a moment after the database has it: click again until it shows.
    const cardAfterClick = async () => {
      await page.clickAt(point.x, point.y);
      await page.waitFor(byTestId('factlight-card'));
      return page.text(byTestId('factlight-card'));
    };
    await expect.poll(cardAfterClick).toMatch(/Sources to compare: \d+ found/);
    expect(await page.text(byTestId('factlight-card'))).not.toMatch(/Supported|Refuted|Disputed/);

    // The side panel: the sentence, its count of sources and its best passages, a neutral mark only.
    await panel.page.bringToFront();
    expect(await panel.page.text(byTestId('evidence-only-notice'))).toContain('Verdicts need a model');
    expect(await panel.page.texts(byTestId('source-count'))).toEqual([
      expect.stringMatching(/^Sources to compare: [1-9]\d* found$/),
    ]);
    expect(await panel.page.count(byTestId('source-passage'))).toBeGreaterThan(0);
    expect(await panel.page.text(byTestId('sentence-sources'))).toContain('330 metres');
    expect(await panel.bands()).toEqual(['neutral']);
    expect(await panel.page.count(byTestId('overall-score'))).toBe(0);
    const queriesBefore = journey.world.searxng.requests.map((request) => request.query.get('q'));
    expect(queriesBefore.length).toBeGreaterThan(0);

    // A model is set up; "Judge these sources" gives verdicts on the same evidence.
    const settings = await DriverOptionsPage.open(driver);
    await settings.fillModel({
      preset: 'custom',
      baseUrl: journey.world.model.baseUrl,
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
    });
    expect(await settings.save()).toBe('Settings saved.');
    await settings.page.close();
    await panel.page.bringToFront();
    await panel.page.click(byTestId('judge-sources'));
    await panel.waitForResult();
    expect(await panel.bands()).toContain('green');
    expect(await panel.overallScore()).toMatch(/of \d+ claims? checked/);
    const newQueries = journey.world.searxng.requests
      .map((request) => request.query.get('q'))
      .slice(queriesBefore.length);
    expect(newQueries.filter((query) => queriesBefore.includes(query))).toEqual([]);
    // And the page now shows the verdict's colour where the neutral mark was.
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
  });

  it('keeps saying, once judged, which source failed while the sources were looked for', async () => {
    // Wikipedia and Wikidata at their real origins on loopback, both answering 500; the world's SearXNG works.
    wikimediaDown = await startHttpsOrigin(WIKIMEDIA_HOSTS, (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
      res.end('<!doctype html><title>500 Internal Server Error</title><h1>Internal Server Error</h1>');
    });
    const driver = await journey.launch({ httpsOrigin: wikimediaDown });
    // No model; Wikipedia on, as installed, beside the loopback SearXNG.
    const options = await DriverOptionsPage.open(driver);
    await options.enableSearxng(journey.world.searxng.baseUrl);
    await options.page.setChecked(byTestId('allow-private-network'), true);
    expect(await options.save()).toBe('Settings saved.');

    const panel = await DriverSidePanel.open(driver);
    await panel.check('The Eiffel Tower was completed in 1889 and stands in Paris.');
    await panel.page.waitFor(`${byTestId('check-result')}[data-status="done"]`);
    expect(await panel.page.text(byTestId('evidence-only-notice'))).toContain('Verdicts need a model');
    const failed = 'Wikipedia had a server error (500).';
    await panel.page.click(`${byTestId('check-warnings')} summary`);
    expect(await panel.page.texts(`${byTestId('check-warnings')} li`)).toContain(failed);

    const settings = await DriverOptionsPage.open(driver);
    await settings.fillModel({
      preset: 'custom',
      baseUrl: journey.world.model.baseUrl,
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
    });
    expect(await settings.save()).toBe('Settings saved.');
    await settings.page.close();
    await panel.page.bringToFront();
    await panel.page.click(byTestId('judge-sources'));
    await panel.waitForResult();
    expect(await panel.bands()).toContain('green');
    // The judged check searched nothing (the sentence had sources), yet says why some may be missing, once.
    await panel.page.click(`${byTestId('check-warnings')} summary`);
    const warnings = await panel.page.texts(`${byTestId('check-warnings')} li`);
    expect(warnings.filter((warning) => warning === failed)).toHaveLength(1);
  });
});
