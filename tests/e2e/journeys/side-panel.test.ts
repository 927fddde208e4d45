/**
 * Checks typed into the side panel (opened as its page in a tab), run by the real background against the
 * loopback fact world: the same journeys in Chromium and in Firefox.
 */
import { describe, expect, it } from 'vitest';

import { hostOf } from '../../../lib/core/text/hosts';
import { WORLD_TEXT, worldSearch } from '../../../scripts/lib/servers';
import { catalogue } from '../harness/catalogues';
import { driverBrowserName } from '../harness/driver';
import { byTestId, DriverSidePanel } from '../harness/journey-pages';
import { useJourneyWorld } from '../harness/journey-world';

const EN = catalogue('en');

describe(`side panel journeys (${driverBrowserName()})`, () => {
  const journey = useJourneyWorld((world) =>
    world.searxng.setResults(worldSearch((topic) => world.sites.get(topic)!.origin)),
  );
  const configured = () => journey.configured();
  const chatRequests = () => journey.world.model.requests.filter((r) => r.path === '/v1/chat/completions').length;

  it('takes a typed check to coloured spans, a claim card with its evidence, and a revision', async () => {
    const panel = await DriverSidePanel.open(await configured());
    await panel.check(WORLD_TEXT);
    await panel.waitForResult();

    const bands = await panel.bands();
    expect(bands).toContain('red');
    expect(bands).toContain('green');
    expect(bands).toContain('grey');
    expect(await panel.overallScore()).toMatch(/8 of 8 claims checked/);

    const wall = { hasText: 'visible from the Moon' };
    expect(await panel.page.attribute(byTestId('span'), 'data-band', wall)).toBe('red');
    expect(await panel.page.attribute(byTestId('span'), 'aria-label', wall)).toMatch(/refuted/i);
    await panel.page.click(byTestId('span'), wall);
    await panel.page.waitFor(byTestId('claim-card'));
    expect(await panel.page.text(`${byTestId('claim-card')} ${byTestId('claim-verdict')}`)).toMatch(/Refuted/);
    // Only the wall's own site took a side (the other topic's page is irrelevant to it): the card says so.
    const wallSite = hostOf(journey.world.sites.get('great-wall')!.origin)!;
    expect(await panel.page.text(`${byTestId('claim-card')} ${byTestId('claim-one-source')}`)).toBe(
      EN.claimOneSource!.message.replace('$HOST$', wallSite),
    );
    const links = await panel.page.attributes(`${byTestId('claim-card')} ${byTestId('evidence-item')} a[href]`, 'href');
    // Evidence read from a page opens at its passage (a text fragment).
    expect(
      links.some((href) => href?.startsWith(`${journey.world.sites.get('great-wall')!.origin}/great-wall#:~:text=`)),
    ).toBe(true);

    await panel.page.waitFor(byTestId('revision'));
    expect(await panel.page.text(byTestId('revision'))).toContain('not');
  });

  it('re-scores at once when a source type is unticked, without asking the model', async () => {
    const panel = await DriverSidePanel.open(await configured());
    await panel.check(WORLD_TEXT);
    await panel.waitForResult();
    const before = await panel.overallScore();
    const requests = chatRequests();
    await panel.page.setChecked('[data-testid="source-type-filter"][data-source-type="news"]', false);
    await panel.page.waitForFunction(
      (old) => document.querySelector('[data-testid="overall-score"]')?.textContent !== old,
      before,
    );
    expect(await panel.overallScore()).not.toBe(before);
    expect(chatRequests()).toBe(requests);
  });

  it('keeps the history across a browser relaunch', async () => {
    const first = await configured();
    const panel = await DriverSidePanel.open(first);
    await panel.check('Mount Everest is the highest mountain on Earth, at 8,849 metres.');
    await panel.waitForResult();

    const second = await first.relaunch();
    journey.replace(first, second);
    const reopened = await DriverSidePanel.open(second);
    await reopened.openHistory();
    await reopened.page.waitFor(byTestId('history-item'));
    expect(await reopened.page.count(byTestId('history-item'))).toBe(1);
    expect(await reopened.page.text(byTestId('history-item'))).toContain('Mount Everest');
    await reopened.page.click(byTestId('history-item'));
    await reopened.waitForResult();
    expect(await reopened.overallScore()).toMatch(/2 of 2 claims checked/);
    expect(await reopened.page.attributes(byTestId('span'), 'data-band')).toContain('green');
  });

  it('finds past checks in the history by the words typed into its search box', async () => {
    const panel = await DriverSidePanel.open(await configured());
    await panel.check('Mount Everest is the highest mountain on Earth, at 8,849 metres.');
    await panel.waitForResult();
    await panel.check('Marie Curie won two Nobel Prizes, in physics and in chemistry.');
    await panel.page.waitFor(byTestId('check-result'), { hasText: 'Marie Curie' });
    await panel.waitForResult();

    await panel.openHistory();
    await panel.page.waitFor(byTestId('history-count'), { hasText: '2 checks' });
    await panel.page.fill(byTestId('history-search'), 'everest');
    await panel.page.waitFor(byTestId('history-count'), { hasText: '1 matching check' });
    expect(await panel.page.texts(byTestId('history-item'))).toEqual([expect.stringContaining('Mount Everest')]);

    // Every word must match, by prefix: "nob curie" finds the Curie check, "curie everest" finds none.
    await panel.page.fill(byTestId('history-search'), 'nob curie');
    await panel.page.waitFor(byTestId('history-count'), { hasText: '1 matching check' });
    expect(await panel.page.texts(byTestId('history-item'))).toEqual([expect.stringContaining('Marie Curie')]);
    await panel.page.fill(byTestId('history-search'), 'curie everest');
    await panel.page.waitFor(byTestId('history-no-match'));
    expect(await panel.page.count(byTestId('history-item'))).toBe(0);

    await panel.page.fill(byTestId('history-search'), '');
    await panel.page.waitFor(byTestId('history-count'), { hasText: '2 checks' });
    expect(await panel.page.count(byTestId('history-item'))).toBe(2);
  });

  it('renders hostile page text and evidence inert', async () => {
    const driver = await configured();
    const site = journey.world.sites.get('curie')!;
    site.route('/hostile', {
      body: '<!doctype html><title>&lt;img src=x onerror=window.__pwned=1&gt; Quokka facts</title><article><h1>Quokka</h1><p>The quokka &lt;img src=x onerror=window.__pwned=1&gt; is a small marsupial that lives on Rottnest Island. <a href="javascript:window.__pwned=1">click</a> It weighs about three kilograms.</p><p>Quokkas are found in Western Australia and are herbivores that eat leaves and grasses.</p></article>',
    });
    journey.world.searxng.setResults((query) =>
      /quokka/i.test(query)
        ? [{ url: site.url('/hostile'), title: '<b>Quokka</b>', content: '<img src=x onerror=window.__pwned=1>' }]
        : [],
    );
    const panel = await DriverSidePanel.open(driver);
    await panel.check(
      'The quokka <img src=x onerror="window.__pwned=1"> is a small marsupial. <a href="javascript:window.__pwned=1">x</a>',
    );
    await panel.waitForResult();
    await panel.page.click(byTestId('span'));
    await panel.page.waitFor(byTestId('claim-card'));
    expect(await panel.page.count('[data-testid="check-result"] img, [data-testid="claim-card"] img')).toBe(0);
    const hrefs = await panel.page.attributes('a[href]', 'href');
    expect(hrefs.filter((href) => /^javascript:/i.test(href ?? ''))).toEqual([]);
    expect(await panel.page.evaluate(() => (window as { __pwned?: number }).__pwned ?? null, undefined)).toBeNull();
    expect(await panel.page.text(byTestId('check-result'))).toContain('<img src=x onerror="window.__pwned=1">');
  });
});
