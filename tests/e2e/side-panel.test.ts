import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { configureForWorld } from '../../scripts/lib/extension/configure';
import { type ExtensionBrowser, launchWithExtension } from '../../scripts/lib/extension/launch';
import { SidePanelPage } from '../../scripts/lib/extension/side-panel-page';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../scripts/lib/servers';
import type { RecordedRequest } from '../../scripts/lib/servers/harness';

/** A chat completion the extension sent to the model server (not a CORS preflight or a models list). */
const isChatCall = (request: RecordedRequest) => request.method === 'POST' && request.path === '/v1/chat/completions';

/**
 * Checks typed into the real side panel, run by the real background against the loopback world: what
 * only Chromium shows here (its service worker stopped mid-check; a download). The typed check, re-scoring,
 * history across a relaunch and hostile text are shared journeys: tests/e2e/journeys/side-panel.test.ts.
 */
describe('checks in the side panel', () => {
  let world: FactWorld;
  const browsers: ExtensionBrowser[] = [];
  const launch = async () => {
    const browser = await launchWithExtension();
    browsers.push(browser);
    return browser;
  };

  beforeAll(async () => {
    world = await startFactWorld();
  });
  /** Where the export test saves its download; removed after the test, also when it fails. */
  let exportDir: string | undefined;
  afterEach(async () => {
    world.model.faults.clear();
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
    if (exportDir) rmSync(exportDir, { recursive: true, force: true });
    exportDir = undefined;
  });
  afterAll(() => world.close());

  /** Configures the extension through its options page, as a user would. */
  async function configure(browser: ExtensionBrowser): Promise<void> {
    expect(await configureForWorld(browser, world)).toBe('Settings saved.');
  }

  it('finishes a check with all its results after the service worker is stopped mid-check', async () => {
    const browser = await launch();
    await configure(browser);
    // The check cannot end before the stop, whatever the timing: its first model call (the claims) is
    // answered, its second is never answered, and every later one is answered as usual. Both faults are
    // consumed by the first run, so the resumed run meets none.
    const chat = { pathPrefix: '/v1/chat' };
    world.model.faults.next({ kind: 'latency', ms: 0 }, 1, chat); // answered normally; it only keeps its place in the queue
    world.model.faults.next({ kind: 'hang' }, 1, chat);
    const panel = await SidePanelPage.open(browser);
    await panel.check(WORLD_TEXT);
    await panel.page.getByTestId('check-progress').waitFor();
    await panel.spans().first().waitFor();
    await world.model.waitForRequests(2, isChatCall, { timeoutMs: 30_000 });
    // Slow replies from here on: the resumed run (replies that wait on replies) then takes seconds, far longer
    // than reading the panel right after the stop.
    world.model.faults.latency(400);
    const cdp = await browser.context.newCDPSession(panel.page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    const callsAtStop = world.model.requests.filter(isChatCall).length;

    // Still running when the worker is gone: the stop really came mid-check ...
    expect(await panel.page.getByTestId('check-progress').count()).toBe(1);
    expect(await panel.page.getByTestId('check-progress').getByRole('status').textContent()).toMatch(/^Checking…/);
    // ... and a new worker takes it up: the unanswered call is asked again.
    await expect
      .poll(() => world.model.requests.filter(isChatCall).length, { timeout: 30_000 })
      .toBeGreaterThan(callsAtStop);
    await panel.waitForResult();
    expect(await panel.overallScore()).toMatch(/8 of 8 claims checked/);
    await panel.page.getByTestId('revision').first().waitFor();
  });

  it('lists each claim as the model writes it, while the claims call is still open', async () => {
    const browser = await launch();
    await configure(browser);
    // The model server streams each claims reply up to its first claim and then holds the rest until the
    // test has seen the panel: only a claim read from the open stream can be on screen by then.
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    world.model.modelLatency({
      profile: { name: 'instant', ttftMs: 0, tokensPerSecond: 0 },
      scale: 1,
      hold: { afterTokens: 110, until: released },
    });
    try {
      const panel = await SidePanelPage.open(browser);
      await panel.check(WORLD_TEXT);
      const feed = panel.page
        .getByTestId('check-progress')
        .locator('[data-testid="progress-pending"], [data-testid="progress-verdict"]');
      await feed.first().waitFor();
      expect(await feed.first().textContent()).toMatch(/The Eiffel Tower was completed in 1889$/);
      // The rest of the claims are still being written: only the first claim has been found.
      expect(await panel.page.getByTestId('progress-claims').textContent()).toBe('Claims found1');
      release();
      await panel.waitForResult();
      expect(await panel.overallScore()).toMatch(/8 of 8 claims checked/);
    } finally {
      release();
      world.model.modelLatency(null);
    }
  });

  it('round-trips the history through export and import', async () => {
    const browser = await launch();
    await configure(browser);
    const panel = await SidePanelPage.open(browser);
    await panel.check('Mount Everest is the highest mountain on Earth, at 8,849 metres.');
    await panel.waitForResult();
    await panel.openHistory();
    await panel.page.getByTestId('history-item').first().waitFor();
    expect(await panel.page.getByTestId('history-item').count()).toBe(1);

    const download = panel.page.waitForEvent('download');
    await panel.page.getByTestId('export-json').first().click();
    exportDir = mkdtempSync(join(tmpdir(), 'factlight-export-'));
    const file = join(exportDir, 'checks.json');
    await (await download).saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as { format: string; checks: unknown[] };
    expect(exported).toMatchObject({ format: 'factlight-checks', checks: [expect.anything()] });
    // The file's headline in the English catalogue's words, loaded by the panel when it exports.
    expect(exported.checks[0]).toMatchObject({
      headline: { state: 'judged', text: '2 supported', word: 'every checked claim is supported' },
    });

    panel.page.once('dialog', (dialog) => void dialog.accept());
    await panel.page.getByRole('button', { name: /delete all/i }).click();
    await panel.page.getByTestId('history-item').first().waitFor({ state: 'detached' });
    await panel.page.getByTestId('import-json').setInputFiles(file);
    await panel.page.getByTestId('history-item').first().waitFor();
    await panel.page.getByTestId('history-item').first().click();
    await panel.page.getByTestId('overall-score').waitFor();
    expect(await panel.overallScore()).toMatch(/2 of 2 claims checked/);
  });
});
