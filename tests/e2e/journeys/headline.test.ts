/**
 * What the first line says (issue 22), driven as a person in Chromium and in Firefox: a text with one
 * refuted claim among supported ones leads with the refuted count and never the credible colour, in the
 * side panel and in the history; a check whose model server has stopped says why at the top, once, with
 * Retry, and is listed as failed.
 */
import { describe, expect, it } from 'vitest';

import { startOpenAiServer } from '../../../scripts/lib/servers';
import { driverBrowserName } from '../harness/driver';
import { byTestId, configureDriverForWorld, DriverSidePanel } from '../harness/journey-pages';
import { useJourneyWorld } from '../harness/journey-world';

const MYTH_AMONG_FACTS =
  'The Eiffel Tower was completed in 1889 and stands in Paris. The Great Wall of China is visible from the Moon with the naked eye.';

describe(`the headline leads with what is wrong (${driverBrowserName()})`, () => {
  const journey = useJourneyWorld();
  const launch = () => journey.launch();

  it('shows the refuted count first and no credible colour, in the result and in the history', async () => {
    const driver = await launch();
    expect(await configureDriverForWorld(driver, journey.world)).toBe('Settings saved.');
    const panel = await DriverSidePanel.open(driver);
    await panel.check(MYTH_AMONG_FACTS);
    await panel.waitForResult();

    const headline = await panel.page.text(byTestId('headline'));
    expect(headline).toMatch(/^✗ 1 refuted · 2 supported$/);
    expect(await panel.page.attribute(byTestId('overall-score'), 'data-band')).toBe('red');
    expect(await panel.page.attribute(byTestId('overall-score'), 'title')).not.toMatch(/credible/);
    // The average is a second figure that says what it averages.
    expect(await panel.page.text(byTestId('headline-figures'))).toMatch(/Average support from sources: \d+%/);

    await panel.openHistory();
    await panel.page.waitFor(byTestId('history-headline'));
    expect(await panel.page.text(byTestId('history-headline'))).toMatch(/1 refuted · 2 supported$/);
    expect(await panel.page.attribute(byTestId('history-headline'), 'data-band')).toBe('red');
  });

  it('says at the top, once, that the model server could not be reached, with Retry, and lists the check as failed', async () => {
    const stopped = await startOpenAiServer();
    const stoppedUrl = stopped.baseUrl;
    const driver = await launch();
    expect(
      await configureDriverForWorld(driver, journey.world, (options) => options.fillModel({ baseUrl: stoppedUrl })),
    ).toBe('Settings saved.');
    await stopped.close();

    const panel = await DriverSidePanel.open(driver);
    await panel.check('Mount Everest is the highest mountain on Earth, at 8,849 metres.');
    await panel.page.waitFor(`${byTestId('check-status')}[data-status="failed"]`);
    const status = await panel.page.text(byTestId('check-status'));
    expect(status).toMatch(/^The check failed: /);
    expect(status).toContain(`Could not reach ${stoppedUrl}`);
    expect(await panel.page.count(`${byTestId('check-status')} button`)).toBe(1);
    expect(await panel.page.text(`${byTestId('check-status')} button`)).toBe('Retry');
    // Said once: not again on each claim, and never "Check complete" nor "No evidence was found".
    const whole = await panel.page.text(byTestId('check-result'));
    expect(whole.split('Could not reach').length - 1).toBe(1);
    expect(whole).not.toContain('Check complete');
    expect(await panel.page.attribute(byTestId('overall-score'), 'data-state')).toBe('failed');

    await panel.openHistory();
    await panel.page.waitFor(byTestId('history-item'));
    expect(await panel.page.text(byTestId('history-item'))).toContain('Failed');
    expect(await panel.page.attribute(byTestId('history-headline'), 'data-state')).toBe('failed');
  });
});
