/**
 * Factlight in the reader's language, in real Chromium (with Debian's chromium-l10n) started in Arabic and in
 * Japanese. The Firefox twin is tests/e2e/firefox/locale.test.ts; both run the same journey per language
 * (tests/e2e/harness/locale-journey.ts): the welcome page (its "Try it" check), the options and privacy pages, the
 * side panel with a finished check (headline, verdict, usefulness line, the claim card's evidence list, the Rate
 * tab, the History tab's row, the Markdown export saved by its button, the same text answered from the history),
 * the floating button, the notice for a
 * selection too long to check and the in-page card show the catalogue's words for the language; in Arabic they are
 * laid out right to left while the English text checked in them reads left to right (`dir="auto"`: the checked
 * text, the claim, the evidence's titles and passages, the history row's preview), and the card's and the notice's
 * ✕ sit at the inline end, measured from their boxes; axe finds no serious or critical violation on the extension
 * pages or in the in-page card. Chromium adds the tab bar from the keyboard in the language's direction, the
 * sentence headings and passages of Sources to compare (no model chosen) left to right, a rejected key (401) worded
 * in Japanese, and a language chosen in the options applied at once.
 *
 * Chromium on Linux needs both `--lang=<xx>` and `LANGUAGE=<xx>`: `--lang` alone switches the catalogue but leaves
 * getUILanguage() and @@bidi_dir in en-US (measured in Chromium 156; docs/i18n/README.md).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, startOpenAiServer } from '../../scripts/lib/servers';
import { catalogue, messagePattern } from './harness/catalogues';
import { launchChromiumDriver } from './harness/chromium-driver';
import type { ExtensionDriver } from './harness/driver';
import { byTestId, configureDriverForModel, DriverOptionsPage, DriverSidePanel } from './harness/journey-pages';
import {
  directions,
  expectOptionsInLanguage,
  expectPanelInLanguage,
  expectPrivacyInLanguage,
  expectTryItInLanguage,
  expectWebPageInLanguage,
  expectWelcomeInLanguage,
  LANGUAGES,
  MYTH,
} from './harness/locale-journey';
import { rootLanguage, startLocaleWorld, WALL } from './harness/locale-world';

const AR = catalogue('ar');
const JA = catalogue('ja');

/** `message` with its placeholders filled (or any text), found anywhere in a longer text. */
function inside(message: string, fill: Record<string, string>): RegExp {
  return new RegExp(messagePattern(message, fill).source.slice(1, -1));
}

describe('interface language in Chromium', () => {
  let world: FactWorld;
  const drivers: ExtensionDriver[] = [];

  beforeAll(async () => {
    world = await startLocaleWorld();
  });
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  });
  afterAll(() => world.close());

  it.each(LANGUAGES)(
    '$locale: every screen in its words and direction, English checked text left to right, axe clean',
    async (language) => {
      const { locale, dir } = language;
      const answersSince = Date.now();
      const driver = await launchChromiumDriver(undefined, { locale });
      drivers.push(driver);

      await expectWelcomeInLanguage(driver, language);
      await expectOptionsInLanguage(driver, world, language);
      await expectPrivacyInLanguage(driver, language);
      await expectTryItInLanguage(driver, language);
      await expectPanelInLanguage(
        driver,
        language,
        async (panel) => {
          // The tab bar from the keyboard: laid out in the language's direction, the arrows go to the tab they
          // point at on screen.
          const tabs = () =>
            panel.page.evaluate(() => {
              const all = [...document.querySelectorAll<HTMLElement>('[role="tab"]')];
              const left = (tab: HTMLElement) => tab.getBoundingClientRect().left;
              return {
                fromLeft: [...all].sort((a, b) => left(a) - left(b)).map((tab) => tab.dataset.testid),
                selected: all.find((tab) => tab.getAttribute('aria-selected') === 'true')?.dataset.testid,
                focused: (document.activeElement as HTMLElement | null)?.dataset.testid,
              };
            }, undefined);
          await panel.page.click(byTestId('tab-check'));
          const inOrder = ['tab-check', 'tab-rate', 'tab-history'];
          const onScreen = dir === 'rtl' ? inOrder.reverse() : inOrder;
          const [toRate, back] = dir === 'rtl' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
          expect(await tabs()).toEqual({ fromLeft: onScreen, selected: 'tab-check', focused: 'tab-check' });
          await panel.page.press(toRate);
          await expect.poll(tabs).toEqual({ fromLeft: onScreen, selected: 'tab-rate', focused: 'tab-rate' });
          await panel.page.press(back);
          await expect.poll(tabs).toEqual({ fromLeft: onScreen, selected: 'tab-check', focused: 'tab-check' });
        },
        answersSince,
      );
      await expectWebPageInLanguage(driver, world, language);

      // Sources to compare (no model chosen): each looked-up sentence is a heading of page text, which keeps
      // its own direction (`dir="auto"`) in the language's list, as do its passages.
      const options = await DriverOptionsPage.open(driver);
      await options.page.select(byTestId('engine-choice'), 'evidence-only');
      expect(await options.save()).toBe(catalogue(locale).optionsSaved!.message);
      await options.page.close();
      const sources = await DriverSidePanel.open(driver);
      await sources.check(WALL);
      const heading = `${byTestId('sentence-sources')} h3`;
      await sources.page.waitFor(`${byTestId('source-passage')} .passage`, { timeout: 45_000 });
      expect(
        await directions(sources.page, [
          byTestId('sentence-sources'),
          heading,
          `${byTestId('source-passage')} .evidence-title`,
          `${byTestId('source-passage')} .passage`,
        ]),
      ).toEqual([dir, 'ltr', 'ltr', 'ltr']);
      expect(await sources.page.text(heading)).toBe(WALL);
    },
  );

  it('ja: a rejected key is said in Japanese, and a chosen language applies at once', async () => {
    const driver = await launchChromiumDriver(undefined, { locale: 'ja' });
    drivers.push(driver);

    // A check whose model server rejects the key (a real 401, OpenAI's body): the side panel says why in
    // Japanese, worded from the error's code when shown (lib/view/error-words.ts), the server's own words kept. A
    // custom server has no name (serverName), so the sentence is the one written for the model server.
    const keyed = await startOpenAiServer({ apiKey: 'sk-right' });
    try {
      const model = {
        preset: 'custom',
        baseUrl: keyed.baseUrl,
        apiKey: 'sk-wrong',
        fastModel: 'fake-fast',
        strongModel: 'fake-strong',
      };
      expect(await configureDriverForModel(driver, world, model)).toBe(JA.optionsSaved!.message);
      const panel = await DriverSidePanel.open(driver);
      await panel.check(WALL);
      await panel.page.waitFor(`${byTestId('check-status')}[data-status="failed"]`);
      const keyRejected = inside(JA.errorKeyRejectedUnnamed!.message, { detail: 'Incorrect API key provided' });
      const status = await panel.page.text(byTestId('check-status'));
      expect(status).toMatch(keyRejected);
      expect(status).not.toContain('rejected the API key');
      // The claim's own reason, on its card: the same words, and "could not check", never "refuted".
      await panel.page.click(byTestId('span'), MYTH);
      await panel.page.waitFor(byTestId('claim-why'));
      expect(await panel.page.text(byTestId('claim-why'))).toMatch(keyRejected);
      expect(await panel.page.attribute(byTestId('claim-verdict'), 'data-verdict')).toBe('could-not-check');
      await panel.page.close();
    } finally {
      await keyed.close();
    }
    const options = await driver.openExtensionPage('options.html');
    await options.waitFor(byTestId('interface-language'));
    expect(await rootLanguage(options)).toEqual(['ja', 'ltr', 'ltr']);
    expect(await options.text('label[for="interface-language"]')).toBe(JA.interfaceLanguageLabel!.message);

    // The person picks Arabic: this page and every page opened later speak it, whatever the browser says.
    await options.select(byTestId('interface-language'), 'ar');
    await expect.poll(() => rootLanguage(options)).toEqual(['ar', 'rtl', 'rtl']);
    expect(await options.text('label[for="interface-language"]')).toBe(AR.interfaceLanguageLabel!.message);
    expect(await options.evaluate(() => document.title, undefined)).toBe(AR.optionsPageTitle!.message);
    const welcome = await driver.openExtensionPage('welcome.html');
    await welcome.waitFor('h1');
    expect(await rootLanguage(welcome)).toEqual(['ar', 'rtl', 'rtl']);
  });
});
