/**
 * Chrome's engine document between checks (issue 27): the offscreen document that runs the engine
 * (entrypoints/offscreen, lib/background/offscreen-engine/) is closed once nothing has used it for ENGINE_IDLE_MS (no
 * command, no run), so later wakes of the worker do not share the browser with an idle document, and the next check
 * opens it again, and its engine reads the check's pages. A person checks one sentence in the side panel, reads the
 * result for a while, then checks another whose pages are not in the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENGINE_IDLE_MS } from '../../lib/background/engine-idle';
import { configureForWorld } from '../../scripts/lib/extension/configure';
import { type ExtensionBrowser, launchWithExtension } from '../../scripts/lib/extension/launch';
import { SidePanelPage } from '../../scripts/lib/extension/side-panel-page';
import { type FactWorld, startFactWorld } from '../../scripts/lib/servers';
import { ourWorker } from './harness/our-worker';

/** Whether the extension's offscreen document is open, as Chrome says. */
async function documentOpen(browser: ExtensionBrowser): Promise<boolean> {
  type Offscreen = { hasDocument(): Promise<boolean> };
  return (await ourWorker(browser)).evaluate(() =>
    (globalThis as unknown as { chrome: { offscreen: Offscreen } }).chrome.offscreen.hasDocument(),
  );
}

describe("Chrome's engine document between checks", () => {
  let world: FactWorld;
  let browser: ExtensionBrowser | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('closes the engine document once the check is done and nothing uses it, and opens it again for the next check', async () => {
    const running = await launchWithExtension();
    browser = running;
    expect(await configureForWorld(running, world)).toBe('Settings saved.');
    const panel = await SidePanelPage.open(running);

    await panel.check('The Eiffel Tower was completed in 1889 and stands in Paris.');
    await panel.waitForResult();
    expect(new Set(await panel.bands())).toEqual(new Set(['green']));
    // Its engine ran the check there, and the document stays open a while for the person's next command.
    expect(await documentOpen(running)).toBe(true);

    // The person reads the result: nothing uses the engine, and its document closes.
    await expect.poll(() => documentOpen(running), { timeout: ENGINE_IDLE_MS + 15_000, interval: 250 }).toBe(false);

    // Another sentence, whose pages are not in the cache: the document opens again and its engine reads them.
    await panel.check('Mount Everest is the highest mountain on Earth, at 8,849 metres.');
    // The first check's result shows until the second's sentence replaces it: wait for that, then for its end.
    await panel.spans().filter({ hasText: 'Everest' }).first().waitFor();
    await panel.waitForResult();
    expect(new Set(await panel.bands())).toEqual(new Set(['green']));
    expect(await documentOpen(running)).toBe(true);
  });
});
