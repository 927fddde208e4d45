import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFactWorld, WORLD_TEXT, worldSearch, type FactWorld } from '../servers';
import { launchWithExtension, type ExtensionBrowser } from './harness/launch';
import { configureForWorld } from './harness/configure';
import { SidePanelPage } from './harness/side-panel-page';

/** Checks typed into the real side panel, run by the real background against the loopback world. */
describe('checks in the side panel', () => {
  let world: FactWorld;
  const browsers: ExtensionBrowser[] = [];
  const launch = async (userDataDir?: string) => {
    const browser = await launchWithExtension(userDataDir ? { userDataDir } : {});
    browsers.push(browser);
    return browser;
  };
  const chatRequests = () => world.model.requests.filter((r) => r.path === '/v1/chat/completions').length;

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterEach(async () => {
    world.model.faults.clear();
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(() => world.close());

  /** Configures the extension through its options page, as a user would. */
  async function configure(browser: ExtensionBrowser): Promise<void> {
    expect(await configureForWorld(browser, world)).toBe('Settings saved.');
  }

  it('takes a typed check to highlighted spans, claim cards with evidence links, and a revision', async () => {
    const browser = await launch();
    await configure(browser);
    const panel = await SidePanelPage.open(browser);
    await panel.check(WORLD_TEXT);
    await panel.waitForResult();

    const bands = await panel.bands();
    expect(bands).toContain('red');
    expect(bands).toContain('green');
    expect(bands).toContain('grey');
    expect(await panel.overallScore()).toMatch(/8 of 8 claims checked/);

    const wall = panel.spans().filter({ hasText: 'visible from the Moon' }).first();
    expect(await wall.getAttribute('data-band')).toBe('red');
    expect(await wall.getAttribute('aria-label')).toMatch(/refuted/i);
    await wall.click();
    const card = panel.page.getByTestId('claim-card');
    await card.waitFor();
    expect(await card.getByTestId('claim-verdict').textContent()).toMatch(/Refuted/);
    const links = await card.getByTestId('evidence-item').locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(links).toContain(`${world.sites.get('great-wall')!.origin}/great-wall`);

    const revision = panel.page.getByTestId('revision');
    await revision.first().waitFor();
    expect(await revision.first().textContent()).toContain('not');
  });

  it('re-scores instantly when a source type is unticked, without asking the model', async () => {
    const browser = await launch();
    await configure(browser);
    const panel = await SidePanelPage.open(browser);
    await panel.check(WORLD_TEXT);
    await panel.waitForResult();
    const before = await panel.overallScore();
    const requests = chatRequests();
    await panel.page.locator('[data-testid="source-type-filter"][data-source-type="news"]').uncheck();
    await panel.page.waitForFunction((old) => document.querySelector('[data-testid="overall-score"]')?.textContent !== old, before);
    expect(await panel.overallScore()).not.toBe(before);
    expect(chatRequests()).toBe(requests);
  });

  it('finishes a check with all its results after the service worker is stopped mid-check', async () => {
    const browser = await launch();
    await configure(browser);
    world.model.faults.latency(400);
    const panel = await SidePanelPage.open(browser);
    await panel.check(WORLD_TEXT);
    await panel.page.getByTestId('check-progress').waitFor();
    await panel.spans().first().waitFor();
    const cdp = await browser.context.newCDPSession(panel.page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await panel.waitForResult();
    expect(await panel.overallScore()).toMatch(/8 of 8 claims checked/);
    await panel.page.getByTestId('revision').first().waitFor();
  });

  it('keeps the history across a browser restart, and round-trips export and import', async () => {
    const first = await launch();
    await configure(first);
    const panel = await SidePanelPage.open(first);
    await panel.check('Mount Everest is the highest mountain on Earth, at 8,849 metres.');
    await panel.waitForResult();
    await first.close();
    browsers.splice(browsers.indexOf(first), 1);

    const second = await launch(first.userDataDir);
    const reopened = await SidePanelPage.open(second);
    await reopened.openHistory();
    await reopened.page.getByTestId('history-item').first().waitFor();
    expect(await reopened.page.getByTestId('history-item').count()).toBe(1);

    const download = reopened.page.waitForEvent('download');
    await reopened.page.getByTestId('export-json').first().click();
    const file = join(mkdtempSync(join(tmpdir(), 'factlight-export-')), 'checks.json');
    await (await download).saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { format: string; checks: unknown[] };
    expect(exported).toMatchObject({ format: 'factlight-checks', checks: [expect.anything()] });

    reopened.page.once('dialog', (dialog) => void dialog.accept());
    await reopened.page.getByRole('button', { name: /delete all/i }).click();
    await reopened.page.getByTestId('history-item').first().waitFor({ state: 'detached' });
    await reopened.page.getByTestId('import-json').setInputFiles(file);
    await reopened.page.getByTestId('history-item').first().waitFor();
    await reopened.page.getByTestId('history-item').first().click();
    await reopened.page.getByTestId('overall-score').waitFor();
    expect(await reopened.overallScore()).toMatch(/2 of 2 claims checked/);
  });

  it('renders hostile page text and evidence inert', async () => {
    const browser = await launch();
    await configure(browser);
    world.sites.get('curie')!.route('/hostile', {
      body: '<!doctype html><title>&lt;img src=x onerror=window.__pwned=1&gt; Quokka facts</title><article><h1>Quokka</h1><p>The quokka &lt;img src=x onerror=window.__pwned=1&gt; is a small marsupial that lives on Rottnest Island. <a href="javascript:window.__pwned=1">click</a> It weighs about three kilograms.</p><p>Quokkas are found in Western Australia and are herbivores that eat leaves and grasses.</p></article>',
    });
    world.searxng.setResults((query) => (/quokka/i.test(query) ? [{ url: `${world.sites.get('curie')!.origin}/hostile`, title: '<b>Quokka</b>', content: '<img src=x onerror=window.__pwned=1>' }] : []));
    try {
      const panel = await SidePanelPage.open(browser);
      await panel.check('The quokka <img src=x onerror="window.__pwned=1"> is a small marsupial. <a href="javascript:window.__pwned=1">x</a>');
      await panel.waitForResult();
      await panel.spans().first().click();
      await panel.page.getByTestId('claim-card').waitFor();
      expect(await panel.page.locator('[data-testid="check-result"] img, [data-testid="claim-card"] img').count()).toBe(0);
      const hrefs = await panel.page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.filter((href) => /^javascript:/i.test(href))).toEqual([]);
      expect(await panel.page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await panel.page.getByTestId('check-result').textContent()).toContain('<img src=x onerror="window.__pwned=1">');
    } finally {
      world.searxng.setResults(worldSearchBack(world));
    }
  });
});

function worldSearchBack(world: FactWorld) {
  return worldSearch((topic) => world.sites.get(topic)!.origin);
}
