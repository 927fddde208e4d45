/**
 * Factlight in the reader's language, in real Chromium (with Debian's chromium-l10n) started in Arabic and
 * in Japanese: the words the catalogue already covers (verdicts, the floating button, the options, welcome and
 * privacy pages with their titles, the in-page card's button) come out in that language, the extension pages and the
 * in-page card are laid out right to left in Arabic while an English checked text keeps reading left to right,
 * and axe finds no serious or critical violation on the extension pages.
 *
 * Chromium on Linux needs both `--lang=<xx>` and `LANGUAGE=<xx>`: `--lang` alone switches the catalogue
 * but leaves getUILanguage() and @@bidi_dir in en-US (measured in Chromium 156; docs/i18n/README.md).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type ExtensionBrowser, launchWithExtension } from '../../scripts/lib/extension/launch';
import { type FactWorld, startOpenAiServer } from '../../scripts/lib/servers';
import { seriousViolations as axeSeriousViolations } from './harness/axe';
import { catalogue, messagePattern, pluralMessage } from './harness/catalogues';
import { chromiumDriver, playwrightDriverPage } from './harness/chromium-driver';
import { byTestId, configureDriverForModel, configureDriverForWorld, DriverSidePanel } from './harness/journey-pages';
import {
  expectCardInLanguage,
  rootLanguage as driverRootLanguage,
  startLocaleWorld,
  WALL,
} from './harness/locale-world';

const AR = catalogue('ar');
/** A Markdown document's first `#` heading. */
const firstHeading = (path: string) =>
  /^# (.+)$/m.exec(readFileSync(resolve(import.meta.dirname, '../..', path), 'utf8'))![1]!;
const JA = catalogue('ja');
const EN = catalogue('en');

/** `message` with its placeholders filled (or any text), found anywhere in a longer text. */
function inside(message: string, fill: Record<string, string>): RegExp {
  return new RegExp(messagePattern(message, fill).source.slice(1, -1));
}

/** axe's serious and critical violations on a Playwright page (harness/axe.ts). */
const seriousViolations = (page: Page) => axeSeriousViolations(playwrightDriverPage(page));

/** The root's `lang` and `dir` and the body's laid-out direction on a Playwright page (harness/locale-world.ts). */
const rootLanguage = (page: Page) => driverRootLanguage(playwrightDriverPage(page));

describe('interface language in Chromium', () => {
  let world: FactWorld;
  let browser: ExtensionBrowser | undefined;

  beforeAll(async () => {
    world = await startLocaleWorld();
  });
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });
  afterAll(() => world.close());

  it('speaks Arabic right to left, keeps an English checked text left to right, and passes axe', async () => {
    browser = await launchWithExtension({ args: ['--lang=ar'], env: { LANGUAGE: 'ar' } });
    const driver = chromiumDriver(browser);

    const welcome = await browser.waitForPage(`chrome-extension://${browser.extensionId}/welcome.html`);
    await welcome.waitForSelector('h1');
    expect(await rootLanguage(welcome)).toEqual(['ar', 'rtl', 'rtl']);
    // The page's own words and its title (set at run time: an HTML <title> cannot say __MSG_…__).
    expect(await welcome.textContent('h1')).toBe(AR.welcomePageTitle!.message);
    expect(await welcome.evaluate(() => document.title)).toBe(AR.welcomePageTitle!.message);
    expect(await seriousViolations(welcome)).toEqual([]);

    expect(await configureDriverForWorld(driver, world)).toBe(AR.optionsSaved!.message);
    const options = await browser.openExtensionPage('options.html');
    await options.waitForSelector(byTestId('interface-language'));
    expect(await rootLanguage(options)).toEqual(['ar', 'rtl', 'rtl']);
    expect(await options.textContent('label[for="interface-language"]')).toBe(AR.interfaceLanguageLabel!.message);
    expect(await options.evaluate(() => document.title)).toBe(AR.optionsPageTitle!.message);
    expect(await options.textContent(byTestId('save-settings'))).toBe(AR.optionsSave!.message);
    expect(await seriousViolations(options)).toEqual([]);

    // The privacy policy in Arabic, right to left, its hosts and permissions still left to right; its title too.
    const privacy = await browser.openExtensionPage('privacy.html');
    await privacy.waitForSelector('[data-testid="privacy-policy"] h1');
    expect(await rootLanguage(privacy)).toEqual(['ar', 'rtl', 'rtl']);
    expect(await privacy.textContent('h1')).toBe(firstHeading('docs/privacy/PRIVACY.ar.md'));
    expect(await privacy.evaluate(() => document.title)).toBe(AR.privacyPageTitle!.message);
    const policyDirections = await privacy.evaluate(
      () =>
        ['[data-testid="privacy-policy"]', '[data-testid="privacy-policy"] code'].map(
          (what) => getComputedStyle(document.querySelector(what)!).direction,
        ),
      undefined,
    );
    expect(policyDirections).toEqual(['rtl', 'ltr']);
    expect(await seriousViolations(privacy)).toEqual([]);

    const panel = await DriverSidePanel.open(driver);
    // The tab bar from the keyboard: laid out right to left, the arrows go to the tab they point at on screen.
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
    const onScreen = ['tab-history', 'tab-rate', 'tab-check'];
    expect(await tabs()).toEqual({ fromLeft: onScreen, selected: 'tab-check', focused: 'tab-check' });
    await panel.page.press('ArrowLeft');
    await expect.poll(tabs).toEqual({ fromLeft: onScreen, selected: 'tab-rate', focused: 'tab-rate' });
    await panel.page.press('ArrowRight');
    await expect.poll(tabs).toEqual({ fromLeft: onScreen, selected: 'tab-check', focused: 'tab-check' });
    await panel.check(WALL);
    await panel.waitForResult();
    // The headline in Arabic: its one refuted claim in the singular the catalogue gives, never the English line.
    const headline = await panel.page.text(byTestId('headline'));
    expect(headline).toContain(pluralMessage('ar', 'headlineCountRefuted', 1));
    expect(headline).toContain('ادعاء واحد مُفنَّد');
    expect(headline).not.toContain(pluralMessage('en', 'headlineCountRefuted', 1));
    await panel.page.click(byTestId('span'), { hasText: 'visible from the Moon' });
    await panel.page.waitFor(byTestId('claim-card'));
    const verdict = await panel.page.text(byTestId('claim-verdict'));
    expect(verdict).toContain(AR.verdict_refuted!.message);
    expect(verdict).not.toContain(EN.verdict_refuted!.message);
    const directions = await panel.page.evaluate(
      () =>
        [document.documentElement.dir, '.checked-text', '.claim-text', '[data-testid="check-input"]'].map((what) =>
          what === 'rtl' || what === 'ltr' ? what : getComputedStyle(document.querySelector(what)!).direction,
        ),
      undefined,
    );
    // The page is right to left; the English text checked in it, and its claim, read left to right.
    expect(directions).toEqual(['rtl', 'ltr', 'ltr', 'ltr']);
    // The claim card's usefulness line (FinGrAct): its label and score in Arabic words, no English left.
    await expect
      .poll(() => panel.page.text(byTestId('actionability-score')))
      .toMatch(messagePattern(AR.actionabilityOutOfFive!.message, { score: '\\d[.,٫]\\d', max: '5' }));
    const usefulness = await panel.page.text('.actionability summary');
    expect(usefulness.startsWith(AR.actionabilityLabel!.message)).toBe(true);
    expect(usefulness).not.toMatch(/[A-Za-z]/);
    const panelPage = browser.context.pages().find((page) => page.url().includes('/sidepanel.html'))!;
    expect(await seriousViolations(panelPage)).toEqual([]);

    // The floating button on a web page, in the page's own shadow root: Arabic words, right to left.
    const page = await driver.openPage(world.sites.get('eiffel')!.url('/wall'));
    await page.click('article p', { clickCount: 3 });
    const button = byTestId('factlight-check-selection');
    await page.waitFor(button);
    expect(await page.text(button)).toBe(AR.floatingButtonLabel!.message);
    expect(await page.attribute(button, 'aria-label')).toBe(AR.floatingButtonName!.message);
    expect(await page.attribute(button, 'dir')).toBe('rtl');

    // The in-page card on the highlighted claim: its verdict and button in Arabic, laid out right to left,
    // the quoted English claim still left to right.
    await page.click(button);
    await page.waitForFunction(() => (CSS.highlights.get('factlight-red')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    const point = await page.evaluate(() => {
      const rect = ([...CSS.highlights.get('factlight-red')!][0] as Range).getClientRects()[0]!;
      return { x: rect.left + 5, y: rect.top + rect.height / 2 };
    }, undefined);
    await page.clickAt(point.x, point.y);
    const card = byTestId('factlight-card');
    await page.waitFor(card);
    // Arabic, right to left, never English: its names and the line before its top source included.
    await expectCardInLanguage(page, AR, { lang: 'ar', dir: 'rtl' });
    const cardDirections = await page.evaluate(() => {
      const root = document.querySelector('factlight-ui[data-factlight="card"]')!.shadowRoot!;
      return ['[data-testid="factlight-card"]', '.quote'].map(
        (what) => getComputedStyle(root.querySelector(what)!).direction,
      );
    }, undefined);
    expect(cardDirections).toEqual(['rtl', 'ltr']);
  });

  it('speaks Japanese left to right, and switches to a chosen language at once', async () => {
    browser = await launchWithExtension({ args: ['--lang=ja'], env: { LANGUAGE: 'ja' } });

    // A check whose model server rejects the key (a real 401, OpenAI's body): the side panel says why in
    // Japanese, worded from the error's code when shown (lib/view/error-words.ts), the server's own words kept.
    const keyed = await startOpenAiServer({ apiKey: 'sk-right' });
    try {
      const model = {
        preset: 'custom',
        baseUrl: keyed.baseUrl,
        apiKey: 'sk-wrong',
        fastModel: 'fake-fast',
        strongModel: 'fake-strong',
      };
      expect(await configureDriverForModel(chromiumDriver(browser), world, model)).toBe(JA.optionsSaved!.message);
      const panel = await DriverSidePanel.open(chromiumDriver(browser));
      await panel.check(WALL);
      await panel.page.waitFor(`${byTestId('check-status')}[data-status="failed"]`);
      const keyRejected = inside(JA.errorKeyRejected!.message, { detail: 'Incorrect API key provided' });
      const status = await panel.page.text(byTestId('check-status'));
      expect(status).toMatch(keyRejected);
      expect(status).not.toContain('rejected the API key');
      // The claim's own reason, on its card: the same words, and "could not check", never "refuted".
      await panel.page.click(byTestId('span'), { hasText: 'visible from the Moon' });
      await panel.page.waitFor(byTestId('claim-why'));
      expect(await panel.page.text(byTestId('claim-why'))).toMatch(keyRejected);
      expect(await panel.page.attribute(byTestId('claim-verdict'), 'data-verdict')).toBe('could-not-check');
      await panel.page.close();
    } finally {
      await keyed.close();
    }
    const options = await browser.openExtensionPage('options.html');
    await options.waitForSelector(byTestId('interface-language'));
    expect(await rootLanguage(options)).toEqual(['ja', 'ltr', 'ltr']);
    expect(await options.textContent('label[for="interface-language"]')).toBe(JA.interfaceLanguageLabel!.message);
    expect(await options.evaluate(() => document.title)).toBe(JA.optionsPageTitle!.message);
    expect(await seriousViolations(options)).toEqual([]);

    // The person picks Arabic: this page and every page opened later speak it, whatever the browser says.
    await options.selectOption(byTestId('interface-language'), 'ar');
    await expect.poll(() => rootLanguage(options)).toEqual(['ar', 'rtl', 'rtl']);
    expect(await options.textContent('label[for="interface-language"]')).toBe(AR.interfaceLanguageLabel!.message);
    expect(await options.evaluate(() => document.title)).toBe(AR.optionsPageTitle!.message);
    const welcome = await browser.openExtensionPage('welcome.html');
    await welcome.waitForSelector('h1');
    expect(await rootLanguage(welcome)).toEqual(['ar', 'rtl', 'rtl']);
  });
});
