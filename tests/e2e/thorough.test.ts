import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFactWorld, WORLD_TEXT, type FactWorld } from '../servers';
import { configureForWorld } from './harness/configure';
import { launchWithExtension, type ExtensionBrowser } from './harness/launch';
import { SidePanelPage } from './harness/side-panel-page';

/** Thorough mode chosen in the options page: the refuted claim's explanation goes through the critics. */
describe('Thorough mode', () => {
  let world: FactWorld;
  let browser: ExtensionBrowser | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });
  afterAll(() => world.close());

  it('shows the refined explanation and what the critics changed', async () => {
    browser = await launchWithExtension();
    expect(await configureForWorld(browser, world, (options) => options.page.getByTestId('mode-select').selectOption('thorough').then(() => undefined))).toBe('Settings saved.');
    const panel = await SidePanelPage.open(browser);
    await panel.check(WORLD_TEXT);
    await panel.waitForResult();
    await panel.spans().filter({ hasText: 'visible from the Moon' }).first().click();
    const card = panel.page.getByTestId('claim-card');
    await expect.poll(() => card.getByTestId('claim-explanation').textContent()).toContain('Astronauts have confirmed');
    const refinement = card.getByTestId('refinement');
    expect(await refinement.textContent()).toMatch(/Reviewed by two critics \(1 round, agreed\): refined/);
    await refinement.locator('summary').click();
    expect(await refinement.locator('ins').first().textContent()).toBeTruthy();
    // The debate ran against the model: 2 reviews, 2 exchanges, 1 refiner.
    const debateCalls = world.model.requests.filter((request) => JSON.stringify(request.body).includes('"name":"debate_')).length;
    expect(debateCalls).toBe(5);
  });
});
