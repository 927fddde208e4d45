import { readFileSync } from 'node:fs';

import type { Locator, Page } from 'playwright-core';

import { toLanguageTag } from '../../../lib/i18n/catalogue';
import { type ExtensionBrowser, launchWithExtension } from '../../../scripts/lib/extension/launch';
import type { BadgeReadingApi, DriverPage, ExtensionDriver, LaunchOptions, Match } from './driver';

/** {@link DriverPage} on a Playwright page. Playwright's CSS engine already pierces open shadow roots. */
export function playwrightDriverPage(page: Page): DriverPage {
  const locate = (selector: string, match?: Match): Locator => {
    const all = page.locator(selector);
    return (match?.hasText !== undefined ? all.filter({ hasText: match.hasText }) : all).nth(match?.nth ?? 0);
  };
  return {
    url: () => Promise.resolve(page.url()),
    async waitFor(selector, options = {}) {
      await locate(selector, options).waitFor({
        state: options.state ?? 'attached',
        ...(options.timeout ? { timeout: options.timeout } : {}),
      });
    },
    async click(selector, options = {}) {
      await locate(selector, options).click(options.clickCount ? { clickCount: options.clickCount } : {});
    },
    async clickAt(x, y) {
      await page.mouse.click(x, y);
    },
    async press(keys) {
      await page.keyboard.press(keys);
    },
    async fill(selector, value) {
      await locate(selector).fill(value);
    },
    async select(selector, value) {
      await locate(selector).selectOption(value);
    },
    async setInputFile(selector, file) {
      await locate(selector).setInputFiles({
        name: file.name,
        mimeType: file.mimeType,
        buffer: Buffer.from(file.text),
      });
    },
    async setChecked(selector, checked) {
      await locate(selector).setChecked(checked);
    },
    value: (selector) => locate(selector).inputValue(),
    isChecked: (selector) => locate(selector).isChecked(),
    async text(selector, options) {
      return (await locate(selector, options).textContent()) ?? '';
    },
    attribute: (selector, name, options) => locate(selector, options).getAttribute(name),
    async download(selector, { named: _named, ...options } = {}) {
      // Playwright saves every download of the context in a folder of its own, removed when the browser closes, and
      // names it as the page did: the caller checks that name.
      const [file] = await Promise.all([page.waitForEvent('download'), locate(selector, options).click()]);
      return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
    },
    texts: (selector) => page.locator(selector).allTextContents(),
    isDisabled: (selector, options) => locate(selector, options).isDisabled(),
    attributes: (selector, name) =>
      page.locator(selector).evaluateAll((nodes, attr) => nodes.map((node) => node.getAttribute(attr)), name),
    count: (selector) => page.locator(selector).count(),
    resize: (width, height) => page.setViewportSize({ width, height }),
    evaluate: <A, R>(fn: (arg: A) => R, arg: A) => page.evaluate(fn as (arg: unknown) => R, arg) as Promise<Awaited<R>>,
    async evaluateScript(source) {
      await page.evaluate(source);
    },
    async waitForFunction(fn, arg, options = {}) {
      await page.waitForFunction(
        fn as (arg: unknown) => unknown,
        arg,
        options.timeout ? { timeout: options.timeout } : {},
      );
    },
    bringToFront: () => page.bringToFront(),
    close: () => page.close(),
  };
}

/**
 * {@link ExtensionDriver} on {@link launchWithExtension}: Debian's Chromium with the chrome-mv3 build, in
 * a fresh temporary profile, or in `userDataDir` for a relaunch (the new driver then owns and removes it).
 */
export async function launchChromiumDriver(
  userDataDir?: string,
  options: LaunchOptions = {},
): Promise<ExtensionDriver> {
  const args = [...(options.httpsOrigin?.chromiumArgs ?? []), ...(options.hostRoutes?.chromiumArgs ?? [])];
  const profile = userDataDir ? { userDataDir, removeProfileOnClose: true } : {};
  const extension = options.extensionDir ? { extensionDir: options.extensionDir } : {};
  const program = options.executablePath ? { executablePath: options.executablePath } : {};
  // On Linux `--lang` switches the catalogue, LANGUAGE getUILanguage() and @@bidi_dir (docs/i18n/README.md).
  if (options.locale) args.push(`--lang=${toLanguageTag(options.locale)}`);
  const env = options.locale ? { env: { LANGUAGE: options.locale } } : {};
  return chromiumDriver(await launchWithExtension({ ...profile, ...extension, ...program, ...env, args }), options);
}

/** Wraps a running Chromium for the shared journeys. */
export function chromiumDriver(browser: ExtensionBrowser, options: LaunchOptions = {}): ExtensionDriver {
  return {
    browserName: 'chromium',
    baseUrl: `chrome-extension://${browser.extensionId}/`,
    async openExtensionPage(path) {
      return playwrightDriverPage(await browser.openExtensionPage(path));
    },
    async openPage(url, options) {
      const page = await browser.context.newPage();
      await page.goto(url, options?.whileLoading ? { waitUntil: 'commit' } : {});
      return playwrightDriverPage(page);
    },
    async badgeText(pageUrl) {
      const worker = browser.context.serviceWorkers()[0] ?? (await browser.context.waitForEvent('serviceworker'));
      return worker.evaluate(async (url) => {
        const api = (globalThis as unknown as { chrome: BadgeReadingApi }).chrome;
        const tab = (await api.tabs.query({})).find((candidate) => candidate.url === url);
        if (tab?.id === undefined) throw new Error(`No tab shows ${url}.`);
        return api.action!.getBadgeText({ tabId: tab.id });
      }, pageUrl);
    },
    async waitForTab(urlPrefix, timeout = 60_000) {
      return playwrightDriverPage(await browser.waitForPage(urlPrefix, timeout));
    },
    async relaunch() {
      await browser.close({ keepProfile: true });
      return launchChromiumDriver(browser.userDataDir, options);
    },
    close: () => browser.close(),
  };
}
