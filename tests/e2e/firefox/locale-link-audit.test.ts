/**
 * A finished check's link audit and its warnings in the reader's language, in real Firefox ESR started in
 * Arabic and in Japanese (the pref `intl.locale.requested`, with Debian's firefox-esr-l10n-ar/-ja installed;
 * without the language pack Firefox stays en-US, docs/i18n/README.md): the journey of
 * harness/locale-link-audit.ts (link reasons and the capped-audit warning in the locale's words, Latin values
 * isolated in Arabic, each fact once beside its link, the panel laid out in the language's direction with the
 * English checked text left to right). The Chromium twin is tests/e2e/locale-link-audit.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type FirefoxDriver, launchFirefoxDriver } from '../harness/firefox-driver';
import { expectLinkAuditInLocale, type LinkAuditWorld, startLinkAuditWorld } from '../harness/locale-link-audit';

/** The extension API read in the page, typed for the page function (the test project has no browser types). */
interface I18nScope {
  browser: { i18n: { getUILanguage(): string } };
}

describe('the link audit in the interface language in Firefox', () => {
  let servers: LinkAuditWorld;
  let driver: FirefoxDriver | undefined;

  beforeAll(async () => {
    servers = await startLinkAuditWorld();
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(() => servers?.close());

  it.each([
    { locale: 'ar', dir: 'rtl' as const },
    { locale: 'ja', dir: 'ltr' as const },
  ])('words the cited links and the capped audit in $locale', async ({ locale, dir }) => {
    driver = await launchFirefoxDriver(undefined, { locale });
    // The welcome page Firefox opened on install says which language the extension got.
    const welcome = await driver.waitForTab(`${driver.baseUrl}welcome.html`);
    const uiLanguage = await welcome.evaluate(
      () => (globalThis as unknown as I18nScope).browser.i18n.getUILanguage(),
      undefined,
    );
    expect(uiLanguage, `Firefox ignored intl.locale.requested: is firefox-esr-l10n-${locale} installed?`).toBe(locale);
    await expectLinkAuditInLocale(driver, servers, { locale, dir });
  });
});
