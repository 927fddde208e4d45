import { afterEach, describe, expect, it } from 'vitest';

import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, DriverOptionsPage } from '../harness/journey-pages';

/** The options page links the privacy policy, which the extension carries itself (readable offline). */
describe(`privacy policy (${driverBrowserName()})`, () => {
  let driver: ExtensionDriver | undefined;
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });

  it('is linked from the options page and shows what leaves the browser', async () => {
    driver = await launchDriver();
    const options = await DriverOptionsPage.open(driver);
    const href = await options.page.attribute(byTestId('privacy-link'), 'href');
    expect(href).toBe('/privacy.html');
    const policy = await driver.openExtensionPage(href!.slice(1));
    await policy.waitFor('h1');
    expect(await policy.text('h1')).toBe('Factlight privacy policy');
    expect(await policy.texts('th')).toEqual(['What', 'Sent to', 'When']);
    expect(await policy.text('p')).toContain('nothing is ever sent to the Factlight project');
  });
});
