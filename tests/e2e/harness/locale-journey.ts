/**
 * The journey through Factlight in one interface language, shared by the Chromium and Firefox locale tests
 * (tests/e2e/locale.test.ts, tests/e2e/firefox/locale.test.ts) so both browsers are held to the same words and
 * directions: the welcome page, the options page, the privacy page, "Try it", the side panel with a finished check
 * (its claim card and evidence list, the Rate tab, the History tab's row, the check's Markdown export and the same
 * text answered from the history; those steps are in locale-panel.ts), the floating button, the selection notice
 * and the in-page card. Each step is its own function, so a browser's own
 * extras (Chromium's tab bar from the keyboard, Firefox's real sidebar) go between them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { expect } from 'vitest';

import type { FactWorld } from '../../../scripts/lib/servers';
import { seriousViolations } from './axe';
import { catalogue, messagePattern, pluralMessage } from './catalogues';
import type { DriverPage, ExtensionDriver } from './driver';
import { byTestId, configureDriverForWorld, DriverSidePanel, pressCheckButton } from './journey-pages';
import {
  expectEvidenceInLanguage,
  expectFromHistoryInLanguage,
  expectHistoryRowInLanguage,
  expectMarkdownInLanguage,
  expectRateInLanguage,
} from './locale-panel';
import { expectCardInLanguage, rootLanguage, WALL } from './locale-world';

/** An interface language the tests start the browser in, and the direction its pages are laid out in. */
export interface Language {
  locale: 'ar' | 'ja';
  dir: 'rtl' | 'ltr';
}

export const LANGUAGES: readonly Language[] = [
  { locale: 'ar', dir: 'rtl' },
  { locale: 'ja', dir: 'ltr' },
];

const EN = catalogue('en');

/** The claim of {@link WALL} as a span's text match. */
export const MYTH = { hasText: 'visible from the Moon' };

/** The extension API read in the page, typed for the page function (the test project has no browser types). */
interface I18nScope {
  browser?: { i18n: { getUILanguage(): string } };
  chrome?: { i18n: { getUILanguage(): string } };
}

/** The computed direction of the first element matching each selector (null where none matches). */
export const directions = (page: DriverPage, selectors: string[]) =>
  page.evaluate(
    (sels) =>
      sels.map((sel) => {
        const element = document.querySelector(sel);
        return element ? getComputedStyle(element).direction : null;
      }),
    selectors,
  );

/**
 * The `dir` attribute of the first element matching each selector (null where none matches). A computed
 * direction cannot tell `dir="auto"` from a fixed `dir="ltr"` on English text; the attribute can.
 */
export const dirAttributes = (page: DriverPage, selectors: string[]) =>
  page.evaluate((sels) => sels.map((sel) => document.querySelector(sel)?.getAttribute('dir') ?? null), selectors);

/** The options' fields for an address, a key and a model id: Latin strings, left to right in every language. */
const TECHNICAL_FIELDS = [byTestId('llm-base-url'), byTestId('llm-api-key'), byTestId('llm-model-fast')];

/**
 * Which side of its box the ✕ of one of our shadow-root UIs sits on (`host`: the `factlight-ui` host, `box` and
 * `close` inside its shadow root): 'left' or 'right', whichever edge it is nearer to, as laid out on screen.
 */
export const closeSide = (page: DriverPage, host: string, box: string, close: string) =>
  page.evaluate(
    ([hostSel, boxSel, closeSel]) => {
      const root = document.querySelector(hostSel!)!.shadowRoot!;
      const outer = root.querySelector(boxSel!)!.getBoundingClientRect();
      const button = root.querySelector(closeSel!)!.getBoundingClientRect();
      return button.left - outer.left < outer.right - button.right ? 'left' : 'right';
    },
    [host, box, close],
  );

/** The inline end on screen: where a ✕ placed with `inset-inline-end` belongs. */
const inlineEnd = (dir: Language['dir']) => (dir === 'rtl' ? 'left' : 'right');

/** The welcome page the browser opened on install: the language's words and direction, axe clean. */
export async function expectWelcomeInLanguage(driver: ExtensionDriver, { locale, dir }: Language): Promise<void> {
  const words = catalogue(locale);
  const welcome = await driver.waitForTab(`${driver.baseUrl}welcome.html`);
  await welcome.waitFor('h1');
  const uiLanguage = await welcome.evaluate(() => {
    const scope = globalThis as unknown as I18nScope;
    return (scope.browser ?? scope.chrome)!.i18n.getUILanguage();
  }, undefined);
  // Chromium needs --lang and LANGUAGE; Firefox follows its pref only with the language pack (docs/i18n/README.md).
  expect(uiLanguage, `the browser did not start in ${locale}: is its language pack installed?`).toBe(locale);
  expect(await rootLanguage(welcome)).toEqual([locale, dir, dir]);
  // The page's own words and its title (set at run time: an HTML <title> cannot say __MSG_…__).
  expect(await welcome.text('h1')).toBe(words.welcomePageTitle!.message);
  expect(await welcome.evaluate(() => document.title, undefined)).toBe(words.welcomePageTitle!.message);
  expect(await seriousViolations(welcome)).toEqual([]);
}

/** Points the extension at the world through the options page, then reads that page: words, direction, axe. */
export async function expectOptionsInLanguage(
  driver: ExtensionDriver,
  world: FactWorld,
  { locale, dir }: Language,
): Promise<void> {
  const words = catalogue(locale);
  expect(await configureDriverForWorld(driver, world)).toBe(words.optionsSaved!.message);
  const options = await driver.openExtensionPage('options.html');
  await options.waitFor(byTestId('interface-language'));
  expect(await rootLanguage(options)).toEqual([locale, dir, dir]);
  expect(await options.text('label[for="interface-language"]')).toBe(words.interfaceLanguageLabel!.message);
  expect(await options.evaluate(() => document.title, undefined)).toBe(words.optionsPageTitle!.message);
  expect(await options.text(byTestId('save-settings'))).toBe(words.optionsSave!.message);
  // Addresses, keys and model ids read left to right even in a right-to-left form, fixed (not guessed).
  expect(await directions(options, TECHNICAL_FIELDS)).toEqual(['ltr', 'ltr', 'ltr']);
  expect(await dirAttributes(options, TECHNICAL_FIELDS)).toEqual(['ltr', 'ltr', 'ltr']);
  expect(await seriousViolations(options)).toEqual([]);
  await options.close();
}

/**
 * The privacy page: the policy's translation for the language (its first heading), laid out in the language's
 * direction, its hosts and permissions (`code`) still left to right, its title from the catalogue; axe clean.
 */
export async function expectPrivacyInLanguage(driver: ExtensionDriver, { locale, dir }: Language): Promise<void> {
  const privacy = await driver.openExtensionPage('privacy.html');
  await privacy.waitFor(`${byTestId('privacy-policy')} h1`);
  expect(await rootLanguage(privacy)).toEqual([locale, dir, dir]);
  const translation = readFileSync(
    resolve(import.meta.dirname, '../../../docs/privacy', `PRIVACY.${locale}.md`),
    'utf8',
  );
  expect(await privacy.text('h1')).toBe(/^# (.+)$/m.exec(translation)![1]);
  expect(await privacy.evaluate(() => document.title, undefined)).toBe(catalogue(locale).privacyPageTitle!.message);
  expect(await directions(privacy, [byTestId('privacy-policy'), `${byTestId('privacy-policy')} code`])).toEqual([
    dir,
    'ltr',
  ]);
  expect(await seriousViolations(privacy)).toEqual([]);
  await privacy.close();
}

/** "Try it" on the welcome page, now that a model is saved: the sample's myth in the language's verdict. */
export async function expectTryItInLanguage(driver: ExtensionDriver, { locale }: Language): Promise<void> {
  const words = catalogue(locale);
  const tryIt = await driver.openExtensionPage('welcome.html');
  await tryIt.waitFor(`${byTestId('welcome-try-runs-on')}[data-engine="model"]`);
  await tryIt.click(byTestId('welcome-try'));
  await tryIt.waitFor(byTestId('overall-score'), { timeout: 45_000 });
  await tryIt.waitFor(byTestId('check-progress'), { state: 'detached', timeout: 45_000 });
  await tryIt.click(byTestId('span'), MYTH);
  await tryIt.waitFor(byTestId('claim-card'));
  const verdict = await tryIt.text(byTestId('claim-verdict'));
  expect(verdict).toContain(words.verdict_refuted!.message);
  expect(verdict).not.toContain(EN.verdict_refuted!.message);
  // The spans' names start with the words they show (axe's label-content-name-mismatch, WCAG 2.5.3).
  expect(await seriousViolations(tryIt)).toEqual([]);
  await tryIt.close();
}

/**
 * The side panel (in a tab) with a finished check of the English {@link WALL}: the headline and the claim's
 * verdict and usefulness in the language's words, the page in its direction while the English text, its claim,
 * the evidence's titles, sites and passages and the history row's preview read left to right, each by its own text
 * (`dir="auto"`, checked as such: a fixed `dir="ltr"` would read the same on English), axe clean. Then, from the
 * panel's own tabs and buttons: the claim card's evidence list, the Rate tab, the History tab's row (headline,
 * status, date and time in the language, laid out in its direction) and the check's Markdown export (the
 * language's labels around the text, claim and sources as given), each screen axe clean; and the same text checked
 * again, answered from the history with the time since in the language's words.
 * `beforeCheck` runs on the opened panel first. `answersSince`: a time before any check of the test (its browser's
 * launch), the earliest the reused answers can date from. The panel is left open on its History tab.
 */
export async function expectPanelInLanguage(
  driver: ExtensionDriver,
  language: Language,
  beforeCheck: ((panel: DriverSidePanel) => Promise<void>) | undefined,
  answersSince: number,
): Promise<DriverSidePanel> {
  const { locale, dir } = language;
  const words = catalogue(locale);
  const panel = await DriverSidePanel.open(driver);
  await beforeCheck?.(panel);
  const checkedFrom = Date.now();
  await panel.check(WALL);
  await panel.waitForResult();
  // The headline in this language's words (its one refuted claim), never the English line.
  const headline = await panel.page.text(byTestId('headline'));
  expect(headline).toContain(pluralMessage(locale, 'headlineCountRefuted', 1));
  expect(headline).not.toContain(pluralMessage('en', 'headlineCountRefuted', 1));
  // Arabic's singular has no number: "one refuted claim", as written (not only as pluralMessage reads it).
  if (locale === 'ar') expect(headline).toContain('ادعاء واحد مُفنَّد');
  await panel.page.click(byTestId('span'), MYTH);
  await panel.page.waitFor(byTestId('claim-card'));
  const verdict = await panel.page.text(byTestId('claim-verdict'));
  expect(verdict).toContain(words.verdict_refuted!.message);
  expect(verdict).not.toContain(EN.verdict_refuted!.message);
  expect(await rootLanguage(panel.page)).toEqual([locale, dir, dir]);
  // The page is laid out in the language's direction; the English text checked in it, its claim, and the
  // English sources' titles, sites and passages on the claim card, left to right.
  const evidence = `${byTestId('claim-card')} ${byTestId('evidence-item')}`;
  await panel.page.waitFor(`${evidence} .passage`);
  const pageText = [
    '.checked-text',
    '.claim-text',
    byTestId('check-input'),
    `${evidence} .evidence-title`,
    `${evidence} .site`,
    `${evidence} .passage`,
  ];
  expect(await directions(panel.page, pageText)).toEqual(pageText.map(() => 'ltr'));
  // Each takes its own text's direction (an Arabic text would read right to left here), not a fixed one.
  expect(await dirAttributes(panel.page, pageText)).toEqual(pageText.map(() => 'auto'));
  // The claim card's usefulness line (FinGrAct): its label and score in this language's words, no English left.
  await expect
    .poll(() => panel.page.text(byTestId('actionability-score')))
    .toMatch(messagePattern(words.actionabilityOutOfFive!.message, { score: '\\d[.,٫]\\d', max: '5' }));
  const usefulness = await panel.page.text('.actionability summary');
  expect(usefulness.startsWith(words.actionabilityLabel!.message)).toBe(true);
  expect(usefulness).not.toMatch(/[A-Za-z]/);
  const given = await expectEvidenceInLanguage(panel.page, language);
  expect(await seriousViolations(panel.page)).toEqual([]);
  await expectRateInLanguage(panel.page, language);

  // The History tab: the check's row previews the English text left to right in the language's list.
  await panel.page.click(byTestId('tab-history'));
  await panel.page.waitFor(`${byTestId('history-item')} .history-text`);
  expect(await directions(panel.page, [byTestId('history-item'), `${byTestId('history-item')} .history-text`])).toEqual(
    [dir, 'ltr'],
  );
  // The preview and the search box (words of checked texts) take their own text's direction.
  expect(
    await dirAttributes(panel.page, [`${byTestId('history-item')} .history-text`, byTestId('history-search')]),
  ).toEqual(['auto', 'auto']);
  const shownDate = await expectHistoryRowInLanguage(panel.page, language, checkedFrom);
  await expectMarkdownInLanguage(panel.page, language, WALL, given, shownDate);

  // The same text again, from the Check tab: answered from the history, said with the time since in the language.
  await panel.page.click(byTestId('tab-check'));
  await panel.check(WALL);
  await expectFromHistoryInLanguage(panel.page, language, answersSince);
  await panel.page.click(byTestId('tab-history'));
  return panel;
}

/**
 * A web page in the language: the floating button on a selection, the notice for a selection too long to check
 * (its ✕ at the inline end), the in-page card on the highlighted claim (its words, names and direction, the
 * quoted English claim and its source's title left to right by their own text (`dir="auto"`), its ✕ at the
 * inline end) and axe on that card. Leaves the card open on the returned page (the `/wall` page of
 * {@link startLocaleWorld}).
 */
export async function expectWebPageInLanguage(
  driver: ExtensionDriver,
  world: FactWorld,
  { locale, dir }: Language,
): Promise<DriverPage> {
  const words = catalogue(locale);
  const site = world.sites.get('eiffel')!;

  // A selection over the limit: the notice says so at the selection, laid out in the language's direction.
  const long = await driver.openPage(site.url('/long'));
  await long.click('article p');
  await long.press('Control+KeyA');
  await pressCheckButton(long);
  const notice = byTestId('factlight-notice');
  await long.waitFor(notice);
  expect([await long.attribute(notice, 'lang'), await long.attribute(notice, 'dir')]).toEqual([locale, dir]);
  expect(await long.attribute(byTestId('factlight-notice-close'), 'aria-label')).toBe(words.inPageClose!.message);
  expect(
    await closeSide(long, 'factlight-ui[data-factlight="notice"]', notice, byTestId('factlight-notice-close')),
  ).toBe(inlineEnd(dir));
  await long.close();

  // The floating button on a web page, in the page's own shadow root.
  const page = await driver.openPage(site.url('/wall'));
  await page.click('article p', { clickCount: 3 });
  const button = byTestId('factlight-check-selection');
  await page.waitFor(button);
  expect(await page.text(button)).toBe(words.floatingButtonLabel!.message);
  expect(await page.attribute(button, 'aria-label')).toBe(words.floatingButtonName!.message);
  expect(await page.attribute(button, 'dir')).toBe(dir);

  // The in-page card on the highlighted claim.
  await pressCheckButton(page);
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
  // In this language and direction, never English: its names and the line before its top source included.
  await expectCardInLanguage(page, words, { lang: locale, dir });
  const cardDirections = await page.evaluate(() => {
    const root = document.querySelector('factlight-ui[data-factlight="card"]')!.shadowRoot!;
    return {
      computed: ['[data-testid="factlight-card"]', '.quote'].map(
        (what) => getComputedStyle(root.querySelector(what)!).direction,
      ),
      // The quoted claim and the top source's title: each its own text's direction, not a fixed one.
      attributes: ['.quote', 'a'].map((what) => root.querySelector(what)?.getAttribute('dir') ?? null),
    };
  }, undefined);
  expect(cardDirections).toEqual({ computed: [dir, 'ltr'], attributes: ['auto', 'auto'] });
  // The card's ✕ mirrors with it (`inset-inline-end`): on the left in right-to-left, on the right otherwise.
  expect(await closeSide(page, 'factlight-ui[data-factlight="card"]', card, byTestId('factlight-card-close'))).toBe(
    inlineEnd(dir),
  );
  expect(await seriousViolations(page, 'factlight-ui[data-factlight="card"]')).toEqual([]);
  return page;
}
