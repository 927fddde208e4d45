/**
 * Evidence from a site the shipped ratings rate low (www.infowars.com, served on loopback at its real
 * name: Chromium's host-resolver rules, Firefox's CONNECT proxy), in Chromium and in Firefox: its label,
 * the "Don't count sources rated low" filter re-scoring with no model call, and its link opening the page
 * at the passage through the browser's own text-fragment matching.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  type FactWorld,
  type HttpsOrigin,
  startFactWorld,
  startHttpsOrigin,
  worldPages,
  worldSearch,
} from '../../../scripts/lib/servers';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, configureDriverForWorld, DriverSidePanel } from '../harness/journey-pages';

const LOW_HOST = 'www.infowars.com';
const LOW_URL = `https://${LOW_HOST}/posts/great-wall-from-space`;
const TEXT =
  'The Eiffel Tower was completed in 1889 and stands in Paris. The Great Wall of China is visible from the Moon with the naked eye.';

/** The world's Great Wall article, pushed far down a long page so that reaching it means scrolling. */
function lowRatedPage(): string {
  const article = worldPages('great-wall')['/great-wall']!;
  const filler = Array.from(
    { length: 60 },
    (_, i) => `<p>Archive entry ${i + 1}: the weekly column on gardening, recipes and local sports results.</p>`,
  ).join('\n');
  return article.replace('<article><h1>', `<article>${filler}<h1>`);
}

describe(`reliability and text fragments (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let lowSite: HttpsOrigin;
  const drivers: ExtensionDriver[] = [];
  const chatRequests = () => world.model.requests.filter((request) => request.path === '/v1/chat/completions').length;

  beforeAll(async () => {
    world = await startFactWorld();
    lowSite = await startHttpsOrigin([LOW_HOST], lowRatedPage());
    // The Great Wall is found only on the low-rated site (plus an unrelated page); the rest as usual.
    const usual = worldSearch((topic) => world.sites.get(topic)!.origin);
    world.searxng.setResults((query) =>
      /great wall/i.test(query)
        ? [
            {
              url: LOW_URL,
              title: 'Great Wall from space',
              content: 'A common claim is that the wall is visible from the Moon.',
            },
            ...usual(query).slice(2),
          ]
        : usual(query),
    );
  });
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  });
  afterAll(async () => {
    await lowSite.close();
    await world.close();
  });

  async function checked(): Promise<{ driver: ExtensionDriver; panel: DriverSidePanel }> {
    const driver = await launchDriver({ httpsOrigin: lowSite });
    drivers.push(driver);
    expect(await configureDriverForWorld(driver, world)).toBe('Settings saved.');
    const panel = await DriverSidePanel.open(driver);
    await panel.check(TEXT);
    await panel.waitForResult();
    await panel.page.click(byTestId('span'), { hasText: 'visible from the Moon' });
    await panel.page.waitFor(byTestId('claim-card'));
    return { driver, panel };
  }

  const lowItem = `${byTestId('claim-card')} ${byTestId('evidence-item')}:has(a[href^="${LOW_URL}"])`;

  it('labels the low-rated evidence, and re-scores without it when the filter is ticked, with no model request', async () => {
    const { panel } = await checked();
    await panel.page.waitFor(`${lowItem} ${byTestId('reliability-label')}`);
    expect(await panel.page.attribute(`${lowItem} ${byTestId('reliability-label')}`, 'data-band')).toBe('low');
    expect(await panel.page.text(`${lowItem} ${byTestId('reliability-label')}`)).toMatch(/^Rated low reliability/);
    expect(await panel.page.text(`${lowItem} ${byTestId('reliability-details')}`)).toMatch(
      /^infowars\.com: Lin et al\. 2023 .*; CRED-1 by Alexander Loth: conspiracy/,
    );
    // The world's other evidence is on unrated loopback hosts: no label there.
    expect(await panel.page.count(`${byTestId('claim-card')} ${byTestId('reliability-label')}`)).toBe(1);
    expect(await panel.page.text(`${byTestId('claim-card')} ${byTestId('claim-verdict')}`)).toMatch(/Refuted/);

    const before = await panel.overallScore();
    const requests = chatRequests();
    await panel.page.setChecked(byTestId('rated-low-filter'), true);
    await panel.page.waitForFunction(
      (old) => document.querySelector('[data-testid="overall-score"]')?.textContent !== old,
      before,
    );
    expect(before).toMatch(/\b67%/); // the Eiffel Tower's two supported claims and the refuted wall
    expect(await panel.overallScore()).toMatch(/\b100%/);
    expect(await panel.page.text(`${byTestId('claim-card')} ${byTestId('claim-verdict')}`)).toMatch(
      /Not enough evidence/i,
    );
    expect(chatRequests()).toBe(requests);
  });

  it('links the evidence to its passage with a text fragment that the browser finds and scrolls to', async () => {
    const { driver, panel } = await checked();
    const href = (await panel.page.attribute(`${lowItem} a[href]`, 'href'))!;
    expect(href).toMatch(new RegExp(`^${LOW_URL.replace(/[.]/g, '\\.')}#:~:text=`));
    const opened = await driver.openPage(href);
    // The browser's own matching: the passage ends up in view, far below the top of the page.
    await opened.waitForFunction(() => window.scrollY > 500, undefined, { timeout: 10_000 });
    const inView = await opened.evaluate(() => {
      const paragraph = [...document.querySelectorAll('p')].find((p) =>
        p.textContent?.includes('astronauts have confirmed'),
      )!;
      const box = paragraph.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, height: window.innerHeight, scrollY: window.scrollY };
    }, undefined);
    expect(inView.bottom).toBeGreaterThan(0);
    expect(inView.top).toBeLessThan(inView.height);
  });
});
