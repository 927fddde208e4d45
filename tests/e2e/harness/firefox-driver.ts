import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';

import { toLanguageTag } from '../../../lib/i18n/catalogue';
import { browserPath } from '../../../scripts/lib/browsers';
import { makeTempDir, removeTempDir } from '../../../scripts/lib/extension/temp-dirs';
import { diskFolder, downloadedFile } from './downloaded-file';
import type { BadgeReadingApi, DriverPage, ExtensionDriver, LaunchOptions, Match } from './driver';

/** The Firefox driver (Firefox-only tests name it; it has nothing beyond the shared driver now). */
export type FirefoxDriver = ExtensionDriver;

/** The Firefox build that `npm run test:e2e` makes (`wxt build -b firefox`; WXT emits MV2 for Firefox). */
export const FIREFOX_EXTENSION_DIR = resolve(import.meta.dirname, '../../../.output/firefox-mv2');

/**
 * The moz-extension UUID the tests pin, so extension pages have a known address and the same origin (and
 * so the same IndexedDB) on every launch of a profile. Firefox otherwise picks a random one per install.
 */
const EXTENSION_UUID = '3f1c2a9e-6b0d-4e57-9a41-f4c7d5e80a11';

function geckoId(extensionDir: string): string {
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id)
    throw new Error(
      'The Firefox build has no browser_specific_settings.gecko.id (storage would not survive a relaunch).',
    );
  return id;
}

/**
 * Runs in the page (so it must stay self-contained: no eval, which extension pages' CSP forbids). Finds
 * every element matching `selector` in the document and in every open shadow root below it, in document
 * order, narrowed to those whose text contains `hasText`, and answers `op` about them: 'first' (the `nth`), 'some'
 * (there is an `nth`), 'none', 'attributes' (of
 * `attribute`), 'texts' or 'count'.
 */
function deepQuery(selector: string, hasText: string | null, op: string, attribute: string | null, nth = 0): unknown {
  const found: Element[] = [];
  const roots: Array<Document | ShadowRoot> = [document];
  while (roots.length > 0) {
    for (const element of roots.shift()!.querySelectorAll('*')) {
      if (element.matches(selector) && (hasText === null || (element.textContent ?? '').includes(hasText)))
        found.push(element);
      if (element.shadowRoot) roots.push(element.shadowRoot);
    }
  }
  if (op === 'first') return found[nth];
  if (op === 'some') return found.length > nth;
  if (op === 'none') return found.length === 0;
  if (op === 'attributes') return found.map((element) => element.getAttribute(attribute ?? ''));
  if (op === 'texts') return found.map((element) => element.textContent ?? '');
  return found.length;
}

/** {@link DriverPage} on a puppeteer page in Firefox; `downloads` is the folder Firefox saves downloads in. */
function puppeteerDriverPage(page: Page, downloads: string): DriverPage {
  const poll = (timeout?: number) => ({ polling: 50, ...(timeout ? { timeout } : {}) });
  /** The first match, waiting for it as Playwright's locators do. */
  const first = async (selector: string, match?: Match): Promise<ElementHandle<Element>> => {
    const hasText = match?.hasText ?? null;
    const nth = match?.nth ?? 0;
    await page.waitForFunction(deepQuery, poll(), selector, hasText, 'some', null, nth);
    return (await page.evaluateHandle(deepQuery, selector, hasText, 'first', null, nth)) as ElementHandle<Element>;
  };
  return {
    url: () => Promise.resolve(page.url()),
    async waitFor(selector, options = {}) {
      await page.waitForFunction(
        deepQuery,
        poll(options.timeout),
        selector,
        options.hasText ?? null,
        options.state === 'detached' ? 'none' : 'some',
        null,
        options.nth ?? 0,
      );
    },
    async click(selector, options = {}) {
      const handle = await first(selector, options);
      await handle.click(options.clickCount ? { count: options.clickCount } : {});
    },
    async clickAt(x, y) {
      await page.mouse.click(x, y);
    },
    async press(keys) {
      // Puppeteer has no chords: hold the modifiers, press the key, let go in reverse order.
      const parts = keys.split('+') as KeyInput[];
      const key = parts.pop()!;
      for (const modifier of parts) await page.keyboard.down(modifier);
      await page.keyboard.press(key);
      for (const modifier of parts.reverse()) await page.keyboard.up(modifier);
    },
    async fill(selector, value) {
      const handle = await first(selector);
      await handle.focus();
      // Select what is there, as a person would before typing over it.
      await handle.evaluate((el) => (el as HTMLInputElement).select());
      if (value === '') await page.keyboard.press('Backspace');
      else await page.keyboard.type(value);
    },
    async select(selector, value) {
      const handle = await first(selector);
      await (handle as ElementHandle<HTMLSelectElement>).select(value);
    },
    async setInputFile(selector, file) {
      // The driver hands Firefox a path, as its file dialog would. Firefox reads the file only when the page
      // does (File.text()), so it stays until the process exits (temp-dirs.ts), unless the upload failed.
      const dir = makeTempDir('factlight-upload-');
      try {
        const path = join(dir, file.name);
        writeFileSync(path, file.text);
        await ((await first(selector)) as ElementHandle<HTMLInputElement>).uploadFile(path);
      } catch (error) {
        removeTempDir(dir);
        throw error;
      }
    },
    async setChecked(selector, checked) {
      const handle = await first(selector);
      if ((await handle.evaluate((el) => (el as HTMLInputElement).checked)) === checked) return;
      await handle.click();
    },
    async value(selector) {
      return (await first(selector)).evaluate((el) => (el as HTMLInputElement).value);
    },
    async isChecked(selector) {
      return (await first(selector)).evaluate((el) => (el as HTMLInputElement).checked);
    },
    async text(selector, options) {
      return (await first(selector, options)).evaluate((el) => el.textContent ?? '');
    },
    async attribute(selector, name, options) {
      return (await first(selector, options)).evaluate((el, attr) => el.getAttribute(attr), name);
    },
    texts: (selector) => page.evaluate(deepQuery, selector, null, 'texts', null, 0) as Promise<string[]>,
    async isDisabled(selector, options) {
      return (await first(selector, options)).evaluate((el) => (el as HTMLButtonElement).disabled);
    },
    attributes: (selector, name) =>
      page.evaluate(deepQuery, selector, null, 'attributes', name) as Promise<Array<string | null>>,
    async download(selector, { named, ...options } = {}) {
      // i18n-exempt: a test harness's error for developers
      if (!named) throw new Error('A Firefox download needs the name it is expected to end with (`named`).');
      const before = new Set(readdirSync(downloads));
      await (await first(selector, options)).click();
      return downloadedFile(diskFolder(downloads), before, named);
    },
    count: (selector) => page.evaluate(deepQuery, selector, null, 'count', null) as Promise<number>,
    resize: (width, height) => page.setViewport({ width, height }),
    evaluate: <A, R>(fn: (arg: A) => R, arg: A) => page.evaluate(fn as (arg: unknown) => R, arg) as Promise<Awaited<R>>,
    async evaluateScript(source) {
      await page.evaluate(source);
    },
    async waitForFunction(fn, arg, options = {}) {
      // Background tabs get no animation frames, so poll on a timer rather than on rAF.
      await page.waitForFunction(fn as (arg: unknown) => unknown, poll(options.timeout), arg);
    },
    bringToFront: () => page.bringToFront(),
    close: () => page.close(),
  };
}

/**
 * Starts Debian's Firefox ESR with the Firefox build installed as a temporary add-on, driven over
 * WebDriver BiDi. Pass `profileDir` to relaunch the same profile; the driver owns it then and removes it
 * on close. The temporary folders also go when the launch fails, and at the latest when the process exits.
 */
export async function launchFirefoxDriver(profileDir?: string, options: LaunchOptions = {}): Promise<FirefoxDriver> {
  const extensionDir = options.extensionDir ?? FIREFOX_EXTENSION_DIR;
  if (!existsSync(join(extensionDir, 'manifest.json')))
    throw new Error(`No Firefox build at ${extensionDir}: run "wxt build -b firefox" first.`);
  // FIREFOX_PATH, else firefox-esr (or firefox) on the PATH (scripts/ensure-browsers.ts installs it for npm test).
  const executablePath = options.executablePath ?? browserPath('firefox');
  const userDataDir = profileDir ?? makeTempDir('factlight-firefox-');
  const xdg = makeTempDir('factlight-xdg-');
  const downloads = makeTempDir('factlight-downloads-');
  // Once kept for a relaunch, the profile belongs to the next driver: a later close must not remove it.
  let handedOver = false;
  const removeFolders = (keepProfile: boolean) => {
    handedOver ||= keepProfile;
    removeTempDir(xdg);
    removeTempDir(downloads);
    if (!handedOver) removeTempDir(userDataDir);
  };
  const baseUrl = `moz-extension://${EXTENSION_UUID}/`;
  let browser: Browser | undefined;
  let waitForTab: (urlPrefix: string, timeout?: number) => Promise<DriverPage>;
  try {
    const launched = await puppeteer.launch({
      browser: 'firefox',
      executablePath,
      headless: true,
      userDataDir,
      // The loopback HTTPS origins (scripts/lib/servers/https-origin.ts) have self-signed certificates.
      acceptInsecureCerts: Boolean(options.httpsOrigin),
      // Without it Firefox refuses to navigate a tab to a moz-extension:// page for the driver.
      args: ['--remote-allow-system-access'],
      env: { ...process.env, XDG_CACHE_HOME: xdg },
      // Puppeteer puts its own prefs.js back on close, so these go in on every launch.
      extraPrefsFirefox: {
        'extensions.webextensions.uuids': JSON.stringify({ [geckoId(extensionDir)]: EXTENSION_UUID }),
        // A temporary add-on is uninstalled when Firefox closes; keep its storage and address for the relaunch.
        'extensions.webextensions.keepStorageOnUninstall': true,
        'extensions.webextensions.keepUuidOnUninstall': true,
        // Background tabs otherwise run timers at most once a second (our page code throttles redraws).
        'dom.min_background_timeout_value': 4,
        'dom.min_background_timeout_value_without_budget_throttling': 4,
        'dom.timeout.enable_budget_timer_throttling': false,
        // Downloads go straight into a folder of this launch, unasked, for `download` to read.
        'browser.download.folderList': 2,
        'browser.download.dir': downloads,
        'browser.download.useDownloadDir': true,
        'browser.download.always_ask_before_handling_new_types': false,
        'browser.download.start_downloads_in_tmp_dir': false,
        // Firefox opens its downloads panel over the page on each download otherwise.
        'browser.download.alwaysOpenPanel': false,
        // Firefox's interface language; it takes effect only where that language pack is installed.
        ...(options.locale ? { 'intl.locale.requested': toLanguageTag(options.locale) } : {}),
        ...options.httpsOrigin?.firefoxPrefs,
        ...options.hostRoutes?.firefoxPrefs,
      },
    });
    browser = launched;
    await launched.installExtension(extensionDir);
    waitForTab = async (urlPrefix, timeout = 60_000) => {
      // Firefox does not tell the driver when a tab goes to a moz-extension:// page (its URL stays
      // about:blank there), so every tab is asked for its own address until one matches.
      const deadline = Date.now() + timeout;
      for (;;) {
        for (const page of await launched.pages()) {
          const href = await page.evaluate(() => location.href).catch(() => ''); // a tab closing meanwhile
          if (href.startsWith(urlPrefix)) return puppeteerDriverPage(page, downloads);
        }
        if (Date.now() > deadline) throw new Error(`No tab at ${urlPrefix} within ${timeout} ms.`);
        await new Promise((resolve) => setTimeout(resolve, 50)); // poll interval
      }
    };
    // A fresh install opens the welcome page (runtime.onInstalled, reason "install" for a temporary add-on
    // too); waiting for it here means every tab a test opens comes after it.
    if (!profileDir) await waitForTab(`${baseUrl}welcome.html`);
  } catch (error) {
    await browser?.close().catch(() => undefined);
    removeFolders(false);
    throw error;
  }
  const running = browser;
  const closeBrowser = async (keepProfile: boolean) => {
    try {
      await running.close();
    } finally {
      removeFolders(keepProfile);
    }
  };
  let badgeReader: Promise<DriverPage> | undefined;
  const openExtensionPage = async (path: string) => {
    const page = await running.newPage();
    // page.goto never resolves for moz-extension:// (Firefox sends no load event to the driver there).
    const context = (
      page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: 'complete'): Promise<unknown> } }
    ).browsingContext;
    await context.navigate(`${baseUrl}${path}`, 'complete');
    return puppeteerDriverPage(page, downloads);
  };
  return {
    browserName: 'firefox',
    baseUrl,
    openExtensionPage,
    async badgeText(pageUrl) {
      // The Firefox background page is not a driver target; any extension page sees the same browserAction.
      // One such page is opened on first use and kept, so polling the badge stays cheap.
      badgeReader ??= openExtensionPage('options.html');
      return (await badgeReader).evaluate(async (url) => {
        const api = (globalThis as unknown as { browser: BadgeReadingApi }).browser;
        const tab = (await api.tabs.query({})).find((candidate) => candidate.url === url);
        if (tab?.id === undefined) throw new Error(`No tab shows ${url}.`);
        return api.browserAction!.getBadgeText({ tabId: tab.id });
      }, pageUrl);
    },
    async openPage(url, options) {
      const page = await running.newPage();
      if (!options?.whileLoading) {
        await page.goto(url);
        return puppeteerDriverPage(page, downloads);
      }
      // Puppeteer's goto has no "committed" point to wait for: it is left running (it ends when the page
      // loads or closes), and the page's own document is awaited instead (a wait that survives navigation).
      void page.goto(url).catch(() => undefined);
      const arrived = (target: string) => location.href === target && document.body !== null;
      await page.waitForFunction(arrived, { polling: 50 }, url);
      return puppeteerDriverPage(page, downloads);
    },
    waitForTab,
    async relaunch() {
      await closeBrowser(true);
      return launchFirefoxDriver(userDataDir, options);
    },
    close: () => closeBrowser(false),
  };
}
