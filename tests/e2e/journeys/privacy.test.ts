import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { catalogue } from '../harness/catalogues';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, DriverOptionsPage } from '../harness/journey-pages';

/** A Markdown document's first `#` heading. */
const firstHeading = (path: string) =>
  /^# (.+)$/m.exec(readFileSync(resolve(import.meta.dirname, '../../..', path), 'utf8'))![1]!;

/**
 * The options page links the privacy policy, which the extension carries itself (readable offline), in the
 * interface language: English in an English browser, the translation of a language chosen on the options page.
 */
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
    expect(await policy.attribute(byTestId('privacy-policy'), 'dir')).toBe('ltr');
  });

  it('shows the translation of the interface language chosen in the options, right to left in Arabic', async () => {
    driver = await launchDriver();
    const options = await DriverOptionsPage.open(driver);
    await options.page.select(byTestId('interface-language'), 'ar');
    await options.page.waitFor('html[lang="ar"]');
    const policy = await driver.openExtensionPage('privacy.html');
    await policy.waitFor(`${byTestId('privacy-policy')}[lang="ar"] h1`);
    expect(await policy.text('h1')).toBe(firstHeading('docs/privacy/PRIVACY.ar.md'));
    expect(await policy.attribute(byTestId('privacy-policy'), 'dir')).toBe('rtl');
    expect(await policy.evaluate(() => document.title, undefined)).toBe(catalogue('ar').privacyPageTitle!.message);
  });
});
