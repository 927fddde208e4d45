import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../../scripts/lib/servers';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, configureDriverForWorld, DriverSidePanel } from '../harness/journey-pages';

/** Thorough mode chosen in the options page: the refuted claim's explanation goes through the critics. */
describe(`Thorough mode journey (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let driver: ExtensionDriver | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(() => world.close());

  it('shows the refined explanation and what the critics changed', async () => {
    driver = await launchDriver();
    expect(
      await configureDriverForWorld(driver, world, (options) =>
        options.page.select(byTestId('mode-select'), 'thorough'),
      ),
    ).toBe('Settings saved.');
    const before = world.model.requests.length;
    const panel = await DriverSidePanel.open(driver);
    await panel.check(WORLD_TEXT);
    await panel.waitForResult();
    await panel.page.click(byTestId('span'), { hasText: 'visible from the Moon' });
    await panel.page.waitFor(byTestId('claim-card'));
    await expect.poll(() => panel.page.text(byTestId('claim-explanation'))).toContain('Astronauts have confirmed');
    expect(await panel.page.text(byTestId('refinement'))).toMatch(
      /Reviewed by two critics \(1 round, agreed\): refined/,
    );
    await panel.page.click(`${byTestId('refinement')} summary`);
    expect(await panel.page.count(`${byTestId('refinement')} ins`)).toBeGreaterThan(0);
    // The debate ran against the model: 2 reviews, 2 exchanges, 1 refiner.
    const debateCalls = world.model.requests
      .slice(before)
      .filter((request) => JSON.stringify(request.body).includes('"name":"debate_')).length;
    expect(debateCalls).toBe(5);
  });
});
