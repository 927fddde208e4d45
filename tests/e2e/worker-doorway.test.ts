/**
 * The worker's doorway in real Chromium (issue 27): a side panel opened again after the service worker stopped is
 * answered by the doorway (lib/background/doorway.ts) from the status the router kept (status-snapshot.ts), not by
 * the router. The first panel is answered by the router (it keeps the snapshot); the test then marks the kept status
 * (it says the on-device model, where the router would say the model set up), stops every worker through the
 * DevTools protocol and opens the panel again: a new worker answers, and the panel shows the marked status. (The
 * doorway parses router.js once it has answered, so whether it ran says nothing about who answered.) And a
 * page's check after the worker stopped is taken in by the check intake, then finished by the engine, which runs in the
 * offscreen document: the worker never loads engine.js.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { ENGINE_GLOBAL } from '../../lib/background/engine-global';
import { INTAKE_GLOBAL } from '../../lib/background/intake-global';
import { ROUTER_GLOBAL } from '../../lib/background/router-global';
import type { ExtensionStatus } from '../../lib/messaging/protocol';
import { controlWorkers } from '../../scripts/bench/worker-control';
import { configureForWorld } from '../../scripts/lib/extension/configure';
import { type ExtensionBrowser, launchWithExtension } from '../../scripts/lib/extension/launch';
import { SidePanelPage } from '../../scripts/lib/extension/side-panel-page';
import { type FactWorld, startFactWorld } from '../../scripts/lib/servers';
import { ourWorker } from './harness/our-worker';

/** Where the router keeps the status it answered (`SNAPSHOT_KEY` in lib/background/status-snapshot.ts). */
const STATUS_SNAPSHOT_KEY = 'statusSnapshot';

/** Set on the worker's global before the stop: a worker without it is a new one. */
const FIRST_LIFE = '__factlightTestFirstLife';

/** What the running worker of the extension says about itself: which life it is in, whether router.js ran. */
async function workerState(browser: ExtensionBrowser): Promise<{ firstLife: boolean; router: boolean }> {
  return (await ourWorker(browser)).evaluate(
    ([life, router]) => ({
      firstLife: (globalThis as Record<string, unknown>)[life] === true,
      router: typeof (globalThis as Record<string, unknown>)[router] === 'function',
    }),
    [FIRST_LIFE, ROUTER_GLOBAL] as const,
  );
}

/** Which of the worker's scripts have run in its present life: the check intake, the router, the engine. */
async function scriptsRun(browser: ExtensionBrowser): Promise<Record<'intake' | 'router' | 'engine', boolean>> {
  return (await ourWorker(browser)).evaluate(
    (names) => {
      const scope = globalThis as Record<string, unknown>;
      return {
        intake: typeof scope[names.intake] === 'function',
        router: typeof scope[names.router] === 'function',
        engine: typeof scope[names.engine] === 'function',
      };
    },
    { intake: INTAKE_GLOBAL, router: ROUTER_GLOBAL, engine: ENGINE_GLOBAL },
  );
}

/** Waits until the panel says checks are ready to run on the model set up. */
async function waitForReady(panel: Page): Promise<void> {
  await panel.getByTestId('sidepanel-ready').waitFor();
  expect(await panel.getByTestId('sidepanel-ready').getAttribute('data-engine')).toBe('model');
}

describe("the worker's doorway in Chromium", () => {
  let world: FactWorld;
  let browser: ExtensionBrowser | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });
  afterAll(() => world?.close());

  it('answers a side panel opened after the worker stopped from the kept status, not by the router', async () => {
    browser = await launchWithExtension();
    expect(await configureForWorld(browser, world)).toBe('Settings saved.');

    // The first panel: the router answers its status and keeps it.
    const first = await SidePanelPage.open(browser);
    await waitForReady(first.page);
    await (
      await ourWorker(browser)
    ).evaluate((life) => ((globalThis as Record<string, unknown>)[life] = true), FIRST_LIFE);
    expect(await workerState(browser)).toEqual({ firstLife: true, router: true });
    // The mark: the kept status says the on-device model; the router, asked, would say the model set up.
    const marked = await (
      await ourWorker(browser)
    ).evaluate(async (key) => {
      type Area = { get(key: string): Promise<Record<string, unknown>>; set(items: object): Promise<void> };
      const session = (globalThis as unknown as { chrome: { storage: { session: Area } } }).chrome.storage.session;
      const snapshot = (await session.get(key))[key] as { stamp: string; status: ExtensionStatus } | undefined;
      if (!snapshot) return false;
      const status: ExtensionStatus = {
        ...snapshot.status,
        engine: { kind: 'on-device', label: 'Marked by the test' },
      };
      await session.set({ [key]: { ...snapshot, status } });
      return true;
    }, STATUS_SNAPSHOT_KEY);
    expect(marked).toBe(true);

    // Only a page that sends nothing stays open (a welcome page would ask the worker things of its own).
    const quiet = await browser.openExtensionPage('privacy.html');
    await Promise.all(
      browser.context
        .pages()
        .filter((page) => page !== quiet)
        .map((page) => page.close()),
    );
    const workers = await controlWorkers(await browser.context.newCDPSession(quiet));
    await workers.stopAll();

    // The panel again: a new worker answers its status from the kept (marked) snapshot, not from the router.
    const again = await SidePanelPage.open(browser);
    await again.page.getByTestId('sidepanel-ready').waitFor();
    expect(await again.page.getByTestId('sidepanel-ready').getAttribute('data-engine')).toBe('on-device');
    expect((await workerState(browser)).firstLife).toBe(false);
  });

  it("takes in a page's check on a stopped worker, and the engine in the offscreen document then finishes it", async () => {
    browser = await launchWithExtension();
    expect(await configureForWorld(browser, world)).toBe('Settings saved.');
    const page = await browser.context.newPage();
    await page.goto(`${world.sites.get('eiffel')!.origin}/eiffel`);
    // A person selects a paragraph; the floating button appears (its settings woke the worker's router).
    await page.click('article p:nth-of-type(2)', { clickCount: 3 });
    const button = page.locator('[data-testid="factlight-check-selection"]:not([aria-disabled])');
    await button.waitFor();
    // The person reads on for a while: the worker is stopped.
    const quiet = await browser.openExtensionPage('privacy.html');
    const workers = await controlWorkers(await browser.context.newCDPSession(quiet));
    await workers.stopAll();

    await button.click();
    // The check is drawn in the page once the engine (its document opened after the intake answered) has finished it.
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    // In this life of the worker the intake and the router ran; the engine ran in the offscreen document, not here.
    expect(await scriptsRun(browser)).toEqual({ intake: true, router: true, engine: false });
    expect(
      await (
        await ourWorker(browser)
      ).evaluate(() =>
        (
          globalThis as unknown as { chrome: { offscreen: { hasDocument(): Promise<boolean> } } }
        ).chrome.offscreen.hasDocument(),
      ),
    ).toBe(true);
  });
});
