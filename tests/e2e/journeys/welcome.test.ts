/**
 * A new user's first minutes, in Chromium and in Firefox: installing opens the welcome page; nothing is
 * sent before they choose a model; choosing "Custom" with the loopback model server, "Test connection",
 * saving and "Try it" show the sample checked with coloured spans. The evidence comes from the default
 * sources of a fresh install (Wikipedia and Wikidata), served at their real origins on loopback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  type FactWorld,
  startFactWorld,
  startWikimediaOrigin,
  type WikimediaOrigin,
} from '../../../scripts/lib/servers';
import { driverBrowserName, type DriverPage, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId } from '../harness/journey-pages';

describe(`welcome journey (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let wikimedia: WikimediaOrigin;
  const drivers: ExtensionDriver[] = [];

  beforeAll(async () => {
    world = await startFactWorld();
    wikimedia = await startWikimediaOrigin();
  });
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  });
  afterAll(async () => {
    await Promise.all([world?.close(), wikimedia?.close()]);
  });

  async function installed(): Promise<{ driver: ExtensionDriver; welcome: DriverPage }> {
    const driver = await launchDriver({ httpsOrigin: wikimedia });
    drivers.push(driver);
    const welcome = await driver.waitForTab(`${driver.baseUrl}welcome.html`);
    await welcome.waitFor(byTestId('welcome-ways'));
    return { driver, welcome };
  }

  it('opens on install, and Custom + Test connection + Try it give a checked sample with coloured spans', async () => {
    const { welcome } = await installed();
    expect(await welcome.text('h1')).toBe('Welcome to Factlight');
    // Nothing is chosen and nothing is sent before the person chooses. With no model (this Chromium has no
    // on-device model, Firefox has no Prompt API), "Try it" runs as sources only and says so before the press.
    const runsOn = byTestId('welcome-try-runs-on');
    await welcome.waitFor(`${runsOn}[data-engine="evidence-only"]`, {
      hasText: 'sends search queries from the sample to Wikipedia and Wikidata',
    });
    expect(await welcome.isDisabled(byTestId('welcome-try'))).toBe(false);
    expect(await welcome.count('[name="verdict-source"]:checked')).toBe(0);
    expect(await welcome.attribute(byTestId('on-device-option'), 'data-api')).toMatch(/^(prompt-api|none)$/);

    await welcome.click(byTestId('welcome-preset-custom'));
    await welcome.fill(byTestId('llm-base-url'), world.model.baseUrl);
    await welcome.fill(byTestId('llm-model-fast'), 'fake-fast');
    await welcome.fill(byTestId('llm-model-strong'), 'fake-strong');
    expect(world.requestCount()).toBe(0);
    expect(wikimedia.requests).toEqual([]);

    await welcome.click(byTestId('test-llm'));
    const tested = `${byTestId('test-llm-result')}[data-run="1"]`;
    await welcome.waitFor(tested);
    expect(await welcome.attribute(tested, 'data-ok')).toBe('true');
    // Testing is not saving: "Try it" still runs as sources only, and says how to get verdicts.
    expect(await welcome.attribute(runsOn, 'data-engine')).toBe('evidence-only');
    await welcome.waitFor(byTestId('welcome-try-reason'), { hasText: 'fill in step 2 and save it' });

    await welcome.click(byTestId('welcome-save'));
    await welcome.waitFor(`${byTestId('welcome-save-status')}[data-state="saved"]`);
    await welcome.waitFor(`${runsOn}[data-engine="model"]`, { hasText: 'sends the sample to' });
    expect(await welcome.isDisabled(byTestId('welcome-try'))).toBe(false);
    expect(await welcome.count(byTestId('welcome-try-reason'))).toBe(0);
    expect(world.requestCount()).toBeGreaterThan(0); // the connection test, which the person asked for
    expect(wikimedia.requests).toEqual([]);

    await welcome.click(byTestId('welcome-try'));
    await welcome.waitFor(byTestId('overall-score'), { timeout: 45_000 });
    await welcome.waitFor(byTestId('check-progress'), { state: 'detached', timeout: 45_000 });
    const bands = await welcome.attributes(byTestId('span'), 'data-band');
    expect(bands).toContain('red');
    expect(bands).toContain('green');
    const myth = { hasText: 'visible from the Moon' };
    expect(await welcome.attribute(byTestId('span'), 'data-band', myth)).toBe('red');
    expect(await welcome.attribute(byTestId('span'), 'aria-label', myth)).toMatch(/refuted/i);
    // The evidence came from Wikipedia at its real address, as for anyone with the default settings.
    expect(
      wikimedia.requests.some((request) => request.host === 'en.wikipedia.org' && request.query.list === 'search'),
    ).toBe(true);
    await welcome.click(byTestId('span'), myth);
    await welcome.waitFor(byTestId('claim-card'));
    const links = await welcome.attributes(`${byTestId('claim-card')} ${byTestId('evidence-item')} a[href]`, 'href');
    // The link goes to the page, with a text fragment pointing at the passage.
    expect(links.map((link) => link?.split('#')[0])).toContain(
      'https://en.wikipedia.org/wiki/Great_Wall_of_China_myths',
    );
  }, 120_000); // install, set-up and a whole check in one journey: more steps than the others' 60 s allow for

  it('with no model, "Try it" finds sources to compare for the sample: queries go to Wikipedia only on the press', async () => {
    const { welcome } = await installed();
    const runsOn = byTestId('welcome-try-runs-on');
    await welcome.waitFor(`${runsOn}[data-engine="evidence-only"]`, { hasText: 'add a model for verdicts' });
    // The servers live across this file's journeys: count from here.
    const queriesBefore = wikimedia.requests.length;
    const modelCallsBefore = world.model.requests.length;
    expect(await welcome.text(byTestId('welcome-try'))).toBe('Try it: find sources');
    await welcome.click(byTestId('welcome-try'));
    await welcome.waitFor(`${byTestId('check-result')}[data-evidence-only="true"]`, { timeout: 45_000 });
    await welcome.waitFor(byTestId('evidence-progress'), { state: 'detached', timeout: 45_000 });
    await welcome.waitFor(byTestId('sentence-sources'));
    // A neutral mark per sentence: no colour of truth without a model.
    const bands = await welcome.attributes(byTestId('span'), 'data-band');
    expect(bands.length).toBeGreaterThan(0);
    expect(new Set(bands)).toEqual(new Set(['neutral']));
    const queries = wikimedia.requests.slice(queriesBefore);
    expect(queries.some((request) => request.host === 'en.wikipedia.org' && request.query.list === 'search')).toBe(
      true,
    );
    expect(world.model.requests.length).toBe(modelCallsBefore);
  }, 90_000);

  it('is opened again from the options page', async () => {
    const { driver, welcome } = await installed();
    await welcome.close();
    const options = await driver.openExtensionPage('options.html');
    await options.click(byTestId('open-welcome'));
    const reopened = await driver.waitForTab(`${driver.baseUrl}welcome.html`);
    await reopened.waitFor(byTestId('welcome-ways'));
    expect(await reopened.text('h1')).toBe('Welcome to Factlight');
  });
});
