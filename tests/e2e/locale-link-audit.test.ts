/**
 * A finished check's link audit and its warnings in the reader's language, in real Chromium (with Debian's
 * chromium-l10n) started in Arabic and in Japanese (issue 25): the journey of harness/locale-link-audit.ts
 * (link reasons and the capped-audit warning in the locale's words, Latin values isolated in Arabic, each fact
 * once beside its link, the panel laid out in the language's direction). The Firefox twin is
 * tests/e2e/firefox/locale-link-audit.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';

import { launchChromiumDriver } from './harness/chromium-driver';
import type { ExtensionDriver } from './harness/driver';
import { expectLinkAuditInLocale, type LinkAuditWorld, startLinkAuditWorld } from './harness/locale-link-audit';

describe('the link audit in the interface language in Chromium', () => {
  let servers: LinkAuditWorld;
  let driver: ExtensionDriver | undefined;

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
    // `--lang` and LANGUAGE (harness/chromium-driver.ts): both are needed on Linux.
    driver = await launchChromiumDriver(undefined, { locale });
    await expectLinkAuditInLocale(driver, servers, { locale, dir });
  });
});
