/**
 * Chrome's page reader between checks (issue 27): the offscreen document that reads evidence pages
 * (entrypoints/offscreen, lib/background/article-extractor.ts) is closed once no page has been read for
 * READER_IDLE_MS, so later wakes of the worker do not share the browser with an idle document, and the next check
 * opens it again and reads its pages. A person checks one sentence in the side panel, reads the result for a while,
 * then checks another whose pages are not in the cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { READER_IDLE_MS } from '../../lib/background/reader-idle';
import { configureForWorld } from '../../scripts/lib/extension/configure';
import { type ExtensionBrowser, launchWithExtension } from '../../scripts/lib/extension/launch';
import { SidePanelPage } from '../../scripts/lib/extension/side-panel-page';
import { type FactWorld, startFactWorld } from '../../scripts/lib/servers';
import { ourWorker } from './harness/our-worker';

/** Whether the extension's offscreen document is open, as Chrome says. */
async function readerOpen(browser: ExtensionBrowser): Promise<boolean> {
  type Offscreen = { hasDocument(): Promise<boolean> };
  return (await ourWorker(browser)).evaluate(() =>
    (globalThis as unknown as { chrome: { offscreen: Offscreen } }).chrome.offscreen.hasDocument(),
  );
}

describe("Chrome's page reader between checks", () => {
  let world: FactWorld;
  let browser: ExtensionBrowser | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('closes the reader once the check is done and nothing is read, and opens it again for the next check', async () => {
    const running = await launchWithExtension();
    browser = running;
    expect(await configureForWorld(running, world)).toBe('Settings saved.');
    const panel = await SidePanelPage.open(running);

    await panel.check('The Eiffel Tower was completed in 1889 and stands in Paris.');
    await panel.waitForResult();
    expect(new Set(await panel.bands())).toEqual(new Set(['green']));
    // It read the tower's pages, and stays open a while for the reads a check makes between two answers of its model.
    expect(await readerOpen(running)).toBe(true);

    // The person reads the result: no page is read, and the reader closes.
    await expect.poll(() => readerOpen(running), { timeout: READER_IDLE_MS + 15_000, interval: 250 }).toBe(false);

    // Another sentence, whose pages are not in the cache: the reader opens again and reads them.
    await panel.check('Mount Everest is the highest mountain on Earth, at 8,849 metres.');
    // The first check's result shows until the second's sentence replaces it: wait for that, then for its end.
    await panel.spans().filter({ hasText: 'Everest' }).first().waitFor();
    await panel.waitForResult();
    expect(new Set(await panel.bands())).toEqual(new Set(['green']));
    expect(await readerOpen(running)).toBe(true);
  });
});
