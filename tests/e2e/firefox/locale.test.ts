/**
 * Factlight in the reader's language, in real Firefox ESR started in Arabic and in Japanese (the pref
 * `intl.locale.requested`, with Debian's firefox-esr-l10n-ar/-ja installed: without the language pack Firefox
 * ignores the pref and stays en-US, measured in Firefox ESR 153, docs/i18n/README.md). The Chromium twin is
 * tests/e2e/locale.test.ts; both run the same journey per language (tests/e2e/harness/locale-journey.ts): the
 * welcome page (its "Try it" check), the options page, the side panel with a finished check (in a tab: its
 * evidence list, Rate tab, History row, Markdown export saved by its button, the text answered from history), the
 * floating button, the notice for a selection too long to check and the in-page card show the catalogue's words
 * for the language; in Arabic they are laid out right to left while the English text checked in them reads left
 * to right (`dir="auto"`: the checked text, the claim, the evidence's titles and passages, the history row's
 * preview), and the card's and the notice's ✕ sit at the inline end; axe finds no serious or critical violation
 * on the extension pages or in the in-page card. Firefox adds its real sidebar, opened from the card.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { FactWorld } from '../../../scripts/lib/servers';
import { catalogue } from '../harness/catalogues';
import { type FirefoxDriver, launchFirefoxDriver } from '../harness/firefox-driver';
import { realSidebar } from '../harness/firefox-sidebar';
import { byTestId } from '../harness/journey-pages';
import {
  expectOptionsInLanguage,
  expectPanelInLanguage,
  expectPrivacyInLanguage,
  expectTryItInLanguage,
  expectWebPageInLanguage,
  expectWelcomeInLanguage,
  LANGUAGES,
} from '../harness/locale-journey';
import { startLocaleWorld } from '../harness/locale-world';

describe('interface language in Firefox', () => {
  let world: FactWorld;
  let driver: FirefoxDriver | undefined;

  beforeAll(async () => {
    world = await startLocaleWorld();
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(() => world.close());

  it.each(LANGUAGES)(
    '$locale: every screen in its words and direction, English checked text left to right, axe clean',
    async (language) => {
      const { locale, dir } = language;
      const words = catalogue(locale);
      const answersSince = Date.now();
      driver = await launchFirefoxDriver(undefined, { locale });

      await expectWelcomeInLanguage(driver, language);
      await expectOptionsInLanguage(driver, world, language);
      await expectPrivacyInLanguage(driver, language);
      await expectTryItInLanguage(driver, language);
      await expectPanelInLanguage(driver, language, undefined, answersSince);
      const page = await expectWebPageInLanguage(driver, world, language);

      // Firefox's real sidebar (open since the install) shows that claim of the finished check when the card's
      // button is pressed: in this language's words and direction, the English claim left to right.
      const sidebar = await realSidebar(driver);
      expect(await sidebar.isOpen()).toBe(true);
      await page.click(`${byTestId('factlight-card')} ${byTestId('factlight-card-open-panel')}`);
      await expect.poll(() => sidebar.text(byTestId('claim-verdict'))).toContain(words.verdict_refuted!.message);
      expect(await sidebar.layout(['body', '.claim-text'])).toEqual({
        lang: locale,
        dir,
        directions: [dir, 'ltr'],
      });
    },
  );
});
