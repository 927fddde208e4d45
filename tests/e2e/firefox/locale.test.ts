/**
 * Factlight in the reader's language, in real Firefox ESR started in Arabic and in Japanese (the pref
 * `intl.locale.requested`, with Debian's firefox-esr-l10n-ar/-ja installed: without the language pack Firefox
 * ignores the pref and stays en-US, measured in Firefox ESR 153, docs/i18n/README.md). The Chromium twin is
 * tests/e2e/locale.test.ts. In each language: the welcome page (its "Try it" check), the options page, the
 * side panel with a finished check (in a tab, and Firefox's real sidebar), the floating button and the
 * in-page card show the catalogue's words for that language; in Arabic they are laid out right to left while
 * the English text checked in them reads left to right (`dir="auto"`); axe finds no serious or critical
 * violation on the extension pages or in the in-page card.
 *
 * The words asserted are those the catalogue already has (verdicts, the floating button, the interface-language
 * field, the card's button); the rest of the interface is still being converted (docs/i18n/README.md).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { FactWorld } from '../../../scripts/lib/servers';
import { seriousViolations } from '../harness/axe';
import { catalogue, messagePattern, pluralMessage } from '../harness/catalogues';
import type { DriverPage } from '../harness/driver';
import { type FirefoxDriver, launchFirefoxDriver } from '../harness/firefox-driver';
import { realSidebar } from '../harness/firefox-sidebar';
import { byTestId, configureDriverForWorld, DriverSidePanel, pressCheckButton } from '../harness/journey-pages';
import { expectCardInLanguage, rootLanguage, startLocaleWorld, WALL } from '../harness/locale-world';

const EN = catalogue('en');

/** The extension API read in the page, typed for the page function (the test project has no browser types). */
interface I18nScope {
  browser: { i18n: { getUILanguage(): string } };
}

const MYTH = { hasText: 'visible from the Moon' };

/** The computed direction of the first element matching each selector. */
const directions = (page: DriverPage, selectors: string[]) =>
  page.evaluate((sels) => sels.map((sel) => getComputedStyle(document.querySelector(sel)!).direction), selectors);

const LANGUAGES = [
  { locale: 'ar', dir: 'rtl' },
  { locale: 'ja', dir: 'ltr' },
] as const;

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
    async ({ locale, dir }) => {
      const words = catalogue(locale);
      driver = await launchFirefoxDriver(undefined, { locale });

      // The welcome page Firefox opened on install.
      const welcome = await driver.waitForTab(`${driver.baseUrl}welcome.html`);
      await welcome.waitFor('h1');
      const uiLanguage = await welcome.evaluate(
        () => (globalThis as unknown as I18nScope).browser.i18n.getUILanguage(),
        undefined,
      );
      expect(uiLanguage, `Firefox ignored intl.locale.requested: is firefox-esr-l10n-${locale} installed?`).toBe(
        locale,
      );
      expect(await rootLanguage(welcome)).toEqual([locale, dir, dir]);
      expect(await seriousViolations(welcome)).toEqual([]);

      // The options page.
      expect(await configureDriverForWorld(driver, world)).toBe(words.optionsSaved!.message);
      const options = await driver.openExtensionPage('options.html');
      await options.waitFor(byTestId('interface-language'));
      expect(await rootLanguage(options)).toEqual([locale, dir, dir]);
      expect(await options.text('label[for="interface-language"]')).toBe(words.interfaceLanguageLabel!.message);
      expect(await seriousViolations(options)).toEqual([]);

      // "Try it" on the welcome page, now that a model is saved: the sample's myth in this language's verdict.
      const tryIt = await driver.openExtensionPage('welcome.html');
      await tryIt.waitFor(`${byTestId('welcome-try-runs-on')}[data-engine="model"]`);
      await tryIt.click(byTestId('welcome-try'));
      await tryIt.waitFor(byTestId('overall-score'));
      await tryIt.waitFor(byTestId('check-progress'), { state: 'detached' });
      await tryIt.click(byTestId('span'), MYTH);
      await tryIt.waitFor(byTestId('claim-card'));
      expect(await tryIt.text(byTestId('claim-verdict'))).toContain(words.verdict_refuted!.message);
      // The spans' names start with the words they show (axe's label-content-name-mismatch, WCAG 2.5.3).
      expect(await seriousViolations(tryIt)).toEqual([]);

      // The side panel (in a tab) with a finished check of an English text.
      const panel = await DriverSidePanel.open(driver);
      await panel.check(WALL);
      await panel.waitForResult();
      // The headline in this language's words (its one refuted claim), never the English line.
      const headline = await panel.page.text(byTestId('headline'));
      expect(headline).toContain(pluralMessage(locale, 'headlineCountRefuted', 1));
      expect(headline).not.toContain(pluralMessage('en', 'headlineCountRefuted', 1));
      await panel.page.click(byTestId('span'), MYTH);
      await panel.page.waitFor(byTestId('claim-card'));
      const verdict = await panel.page.text(byTestId('claim-verdict'));
      expect(verdict).toContain(words.verdict_refuted!.message);
      expect(verdict).not.toContain(EN.verdict_refuted!.message);
      expect(await rootLanguage(panel.page)).toEqual([locale, dir, dir]);
      // The page is laid out in the language's direction; the English text checked in it, and its claim, left to right.
      expect(await directions(panel.page, ['.checked-text', '.claim-text', byTestId('check-input')])).toEqual([
        'ltr',
        'ltr',
        'ltr',
      ]);
      // The claim card's usefulness line (FinGrAct): its label and score in this language's words.
      await expect
        .poll(() => panel.page.text(byTestId('actionability-score')))
        .toMatch(messagePattern(words.actionabilityOutOfFive!.message, { score: '\\d[.,٫]\\d', max: '5' }));
      const usefulness = await panel.page.text('.actionability summary');
      expect(usefulness.startsWith(words.actionabilityLabel!.message)).toBe(true);
      expect(usefulness).not.toMatch(/[A-Za-z]/);
      expect(await seriousViolations(panel.page)).toEqual([]);

      // The floating button on a web page, in the page's own shadow root.
      const page = await driver.openPage(world.sites.get('eiffel')!.url('/wall'));
      await page.click('article p', { clickCount: 3 });
      const button = byTestId('factlight-check-selection');
      await page.waitFor(button);
      expect(await page.text(button)).toBe(words.floatingButtonLabel!.message);
      expect(await page.attribute(button, 'aria-label')).toBe(words.floatingButtonName!.message);
      expect(await page.attribute(button, 'dir')).toBe(dir);

      // The in-page card on the highlighted claim: its verdict and button in this language, laid out in its
      // direction, the quoted English claim left to right.
      await pressCheckButton(page);
      await page.waitForFunction(() => (CSS.highlights.get('factlight-red')?.size ?? 0) > 0, undefined);
      const point = await page.evaluate(() => {
        const rect = ([...CSS.highlights.get('factlight-red')!][0] as Range).getClientRects()[0]!;
        return { x: rect.left + 5, y: rect.top + rect.height / 2 };
      }, undefined);
      await page.clickAt(point.x, point.y);
      const card = byTestId('factlight-card');
      await page.waitFor(card);
      // In this language and direction, its names and the line before its top source included.
      await expectCardInLanguage(page, words, { lang: locale, dir });
      const cardDirections = await page.evaluate(() => {
        const root = document.querySelector('factlight-ui[data-factlight="card"]')!.shadowRoot!;
        return ['[data-testid="factlight-card"]', '.quote'].map(
          (what) => getComputedStyle(root.querySelector(what)!).direction,
        );
      }, undefined);
      expect(cardDirections).toEqual([dir, 'ltr']);
      expect(await seriousViolations(page, 'factlight-ui[data-factlight="card"]')).toEqual([]);

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
