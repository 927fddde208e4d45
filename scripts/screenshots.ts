/**
 * `npm run screenshots`: pictures of the side panel in light and dark mode for docs/, taken from a real
 * check of the fixed sample text against the loopback servers (scripted model, SearXNG, evidence sites).
 * Builds on the extension built by `npm run build`.
 */
import { resolve } from 'node:path';
import { startFactWorld, WORLD_TEXT } from '../tests/servers';
import { launchWithExtension } from '../tests/e2e/harness/launch';
import { configureForWorld } from '../tests/e2e/harness/configure';
import { SidePanelPage } from '../tests/e2e/harness/side-panel-page';

const world = await startFactWorld();
const browser = await launchWithExtension();
try {
  await configureForWorld(browser, world);
  const panel = await SidePanelPage.open(browser);
  await panel.page.setViewportSize({ width: 400, height: 1100 });
  await panel.check(WORLD_TEXT);
  await panel.waitForResult();
  await panel.spans().filter({ hasText: 'visible from the Moon' }).first().click();
  await panel.page.getByTestId('claim-card').waitFor();
  for (const scheme of ['light', 'dark'] as const) {
    await panel.page.emulateMedia({ colorScheme: scheme });
    const path = resolve(import.meta.dirname, `../docs/sidepanel-${scheme}.png`);
    await panel.page.screenshot({ path, fullPage: true });
    console.log(`wrote ${path}`);
  }
} finally {
  await browser.close();
  await world.close();
}
