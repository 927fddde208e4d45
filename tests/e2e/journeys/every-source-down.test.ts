/**
 * A check on a day when every source is down, in Chromium and in Firefox: the extension set up through its options
 * page with the loopback model, SearXNG (which answers every search with its 500 page) and Wikipedia as installed
 * (at its real address on loopback, refusing every API call with Wikimedia's 429 page; Wikidata rides with it and
 * answers, but knows nothing of these claims: scripts/lib/servers/wikidata-world.ts). A person checks a text in the
 * side panel. The check ends failed rather than crashing or hanging; no claim reads as false: each is "could not
 * check", and its card says why (the search failed); the headline says the check failed, never a verdict; the
 * failure is said once, with one reason (both claims failed for the same sources); the warnings name both sources;
 * the history row says the same.
 *
 * Not in provider-failures.test.ts: that file is the model provider's failures, each with its search working; here
 * the model works and every search source fails, which needs Wikipedia's origin routed (a browser of its own).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  type FactWorld,
  startFactWorld,
  startWikimediaOrigin,
  type WikimediaOrigin,
} from '../../../scripts/lib/servers';
import { searchEntities } from '../../../scripts/lib/servers/wikidata-world';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, configureDriverForWorld, DriverSidePanel } from '../harness/journey-pages';

const EVEREST = 'Mount Everest is the highest mountain on Earth, at 8,849 metres.';
const WALL = 'The Great Wall of China is visible from the Moon with the naked eye.';

const SEARXNG_DOWN = 'SearXNG had a server error (500).';
const WIKIPEDIA_DOWN = 'Wikipedia is rate-limiting requests (429); try again later.';

/** The claims a highlighted span stands for, read from its accessible name ("… — Claim: X — could not check; …"). */
function claimsOf(label: string): string[] {
  return [...label.matchAll(/Claim: (.+?) — /g)].map((match) => match[1]!);
}

describe(`every source down (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let wikimedia: WikimediaOrigin;
  let driver: ExtensionDriver | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
    world.searxng.faults.always({ kind: 'server-error' });
    wikimedia = await startWikimediaOrigin({ wikipediaApi: 'too-many-requests' });
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(async () => {
    await Promise.all([world?.close(), wikimedia?.close()]);
  });

  it('fails the check with its reason, judges no claim, names both sources, and the history agrees', async () => {
    driver = await launchDriver({ httpsOrigin: wikimedia });
    // The world's model and SearXNG, and Wikipedia left on as a fresh install has it.
    const saved = await configureDriverForWorld(driver, world, (options) =>
      options.page.setChecked(byTestId('search-wikipedia'), true),
    );
    expect(saved).toBe('Settings saved.');

    const panel = await DriverSidePanel.open(driver);
    await panel.check(`${EVEREST} ${WALL}`);
    await panel.waitForResult();

    // Every source was asked and failed: SearXNG and Wikipedia refused each search, and Wikidata, asked about the
    // claims' subjects, found nothing (its answer to each search, as the loopback Wikidata gave it).
    expect(world.searxng.requests.some((request) => request.path === '/search')).toBe(true);
    const wikipediaSearches = wikimedia.requests.filter(
      (request) => request.host === 'en.wikipedia.org' && request.query.list === 'search',
    );
    expect(wikipediaSearches.length).toBeGreaterThan(0);
    const wikidataSearches = wikimedia.requests.filter(
      (request) => request.host === 'www.wikidata.org' && request.query.action === 'wbsearchentities',
    );
    expect(wikidataSearches.length).toBeGreaterThan(0);
    for (const search of wikidataSearches)
      expect(searchEntities(new URLSearchParams(search.query))).toMatchObject({ search: [] });

    // The check failed, said once at the top with Retry, for one reason: every search failed.
    const status = `${byTestId('check-status')}[data-status="failed"]`;
    await panel.page.waitFor(status);
    const failure = await panel.page.text(status);
    expect(failure).toMatch(/^The check failed: None of the 3 claims could be judged: Search failed: /);
    expect([SEARXNG_DOWN, WIKIPEDIA_DOWN].some((cause) => failure.includes(`${cause} (and 1 other failure)`))).toBe(
      true,
    );
    expect(failure).not.toContain('other reason');
    expect(await panel.page.text(`${status} button`)).toBe('Retry');

    // The headline says the check failed: no verdict, no colour of one, nothing "complete".
    expect(await panel.page.attribute(byTestId('overall-score'), 'data-state')).toBe('failed');
    expect(await panel.page.attribute(byTestId('overall-score'), 'data-band')).toBe('unknown');
    expect(await panel.page.attribute(byTestId('overall-score'), 'title')).toBe('Overall: check failed');
    expect(await panel.page.text(byTestId('headline'))).toMatch(
      /^\S+ Check failed: none of the 3 claims could be judged$/,
    );
    const whole = await panel.page.text(byTestId('check-result'));
    expect(whole).not.toMatch(/\b(false|refuted|supported|credible)\b|Check complete/i);

    // Each claim "could not check", none false; its card says why: the search failed.
    const labels = (await panel.page.attributes(byTestId('span'), 'aria-label')).map((label) => label ?? '');
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels.flatMap(claimsOf)).size).toBe(3);
    expect(await panel.bands()).toEqual(labels.map(() => 'unknown'));
    const whys: string[] = [];
    for (const [index, label] of labels.entries()) {
      expect(label).not.toMatch(/false|refuted|supported/i);
      expect(label.split(' — could not check').length - 1).toBe(claimsOf(label).length);
      await panel.page.click(byTestId('span'), { nth: index });
      await expect.poll(() => panel.page.text(`${byTestId('claim-card')} .claim-text`)).toBeOneOf(claimsOf(label));
      expect(await panel.page.attribute(byTestId('claim-verdict'), 'data-verdict')).toBe('could-not-check');
      const why = await panel.page.text(byTestId('claim-why'));
      expect(why).toMatch(/^Why: Search failed: .+ \(and 1 other failure\)$/);
      whys.push(why.replace(/^Why: /, ''));
    }
    // Every claim names the same source first (the sources as set up, not the first to fail), and so does the line.
    expect(new Set(whys).size).toBe(1);
    expect(failure).toContain(whys[0]!);

    // The warnings name both sources and what each did.
    const warnings = await panel.page.texts(`${byTestId('check-warnings')} li`);
    expect(warnings).toEqual(expect.arrayContaining([SEARXNG_DOWN, WIKIPEDIA_DOWN]));
    expect(await panel.page.text(`${byTestId('check-warnings')} summary`)).toBe(
      `${warnings.length} warnings: some sources could not be used`,
    );

    // The history row agrees: failed, with the same headline.
    await panel.openHistory();
    await panel.page.waitFor(byTestId('history-item'));
    expect(await panel.page.count(byTestId('history-item'))).toBe(1);
    expect(await panel.page.text(byTestId('history-item'))).toContain('Failed');
    expect(await panel.page.attribute(byTestId('history-headline'), 'data-state')).toBe('failed');
    expect(await panel.page.attribute(byTestId('history-headline'), 'data-band')).toBe('unknown');
    expect(await panel.page.text(byTestId('history-headline'))).toMatch(
      /Check failed: none of the 3 claims could be judged$/,
    );
  });
});
