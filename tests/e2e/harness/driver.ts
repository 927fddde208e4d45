/**
 * A browser-neutral way to drive the built extension, so one user journey (tests/e2e/journeys) runs in
 * Chromium (Playwright) and in Firefox (puppeteer-core over WebDriver BiDi) alike. It has only what a
 * person does: open a page, click, type, select, read what is shown; plus evaluating in the page, which
 * the tests need to read `CSS.highlights`. Selectors are CSS and reach into open shadow roots (our page
 * UI lives in one), in both implementations.
 */
import { inject } from 'vitest';

import type { HostRoutes, HttpsOrigin } from '../../../scripts/lib/servers';

export type BrowserName = 'chromium' | 'firefox';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which browser the e2e project drives (vitest.config.ts: `e2e` → chromium, `e2e-firefox` → firefox). */
    e2eBrowser: BrowserName;
  }
}

/** The slice of the extension API that reads a tab's badge, as seen by code evaluated inside the browser. */
export interface BadgeReadingApi {
  tabs: { query(query: object): Promise<Array<{ id?: number; url?: string }>> };
  action?: { getBadgeText(details: { tabId: number }): Promise<string> };
  browserAction?: { getBadgeText(details: { tabId: number }): Promise<string> };
}

/** Narrows a selector to the elements whose text contains `hasText`, and picks the `nth` (0-based, default 0). */
export interface Match {
  hasText?: string;
  nth?: number;
}

export interface LaunchOptions {
  /** Routes a real site's hosts (e.g. https://claude.ai) to a loopback HTTPS server. */
  httpsOrigin?: HttpsOrigin;
  /** Routes made-up public names to a loopback server (scripts/lib/servers/public-names.ts). */
  hostRoutes?: HostRoutes;
  /** Another build to install (harness/managed-policy.ts: a copy with its own id). Default: the build. */
  extensionDir?: string;
  /**
   * The program to start instead of the browser found by CHROME_PATH / FIREFOX_PATH or the PATH
   * (harness/managed-policy.ts: a wrapper that runs that browser in a namespace of its own).
   */
  executablePath?: string;
  /**
   * The browser's interface language, a shipped locale (`ar`, `ja`, `pt_BR`…): Chromium gets `--lang` and the
   * environment's `LANGUAGE` (both needed on Linux), Firefox the pref `intl.locale.requested`, which it follows
   * only with that language pack installed (docs/i18n/README.md). Default: the machine's (English here).
   */
  locale?: string;
}

export interface DriverPage {
  /** The page's current URL. */
  url(): Promise<string>;
  /** Waits until an element matching `selector` is in the page (`'detached'`: until none is). */
  waitFor(selector: string, options?: Match & { state?: 'attached' | 'detached'; timeout?: number }): Promise<void>;
  /** Clicks the first matching element as a mouse would; `clickCount: 3` selects a paragraph. */
  click(selector: string, options?: Match & { clickCount?: number }): Promise<void>;
  /** Clicks at a point of the viewport (CSS pixels). */
  clickAt(x: number, y: number): Promise<void>;
  /**
   * Presses keys as a person would, into whatever has focus: one key or a chord joined by "+", modifiers
   * first ("Control+KeyA", "Alt+Shift+KeyN", "Enter", "Escape"), with Playwright's key names.
   */
  press(keys: string): Promise<void>;
  /** Replaces a text field's content by typing `value` into it. */
  fill(selector: string, value: string): Promise<void>;
  /** Chooses a file in an `<input type="file">`, as a person would in the file dialog. */
  setInputFile(selector: string, file: { name: string; mimeType: string; text: string }): Promise<void>;
  /** Chooses an option of a `<select>` by value. */
  select(selector: string, value: string): Promise<void>;
  /** Ticks or unticks a checkbox by clicking it, if it is not already in that state. */
  setChecked(selector: string, checked: boolean): Promise<void>;
  /** A form field's current value. */
  value(selector: string): Promise<string>;
  /** Whether a checkbox is ticked. */
  isChecked(selector: string): Promise<boolean>;
  /** The first matching element's text. */
  text(selector: string, options?: Match): Promise<string>;
  /** Every matching element's text, in document order. */
  texts(selector: string): Promise<string[]>;
  /**
   * Clicks the first matching element, a control that saves a file (an `<a download>`, a Blob), and returns
   * that file as the browser saved it to disk, once it is complete: its name and its text (UTF-8). `named` is the
   * name the file is expected to end with (Firefox may first write a Blob under a random name).
   */
  download(selector: string, options?: Match & { named?: RegExp }): Promise<{ name: string; text: string }>;
  /** Whether the first matching element is disabled. */
  isDisabled(selector: string, options?: Match): Promise<boolean>;
  attribute(selector: string, name: string, options?: Match): Promise<string | null>;
  /** One attribute of every matching element, in document order. */
  attributes(selector: string, name: string): Promise<Array<string | null>>;
  count(selector: string): Promise<number>;
  /** Resizes the page's viewport (CSS pixels), as a narrower window would. */
  resize(width: number, height: number): Promise<void>;
  /** Runs `fn(arg)` in the page's own world and returns its (JSON-serialisable) result. */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
  /**
   * Runs a whole script's source in the page's own world, through the driver (so an extension page's CSP,
   * which refuses inline scripts and eval, does not stop it): how a test brings in a library such as axe-core.
   */
  evaluateScript(source: string): Promise<void>;
  /** Waits until `fn(arg)`, run in the page, returns a truthy value. */
  waitForFunction<A>(fn: (arg: A) => unknown, arg: A, options?: { timeout?: number }): Promise<void>;
  /** Makes this the active tab of its window, as clicking its tab would (input reaches any tab without it). */
  bringToFront(): Promise<void>;
  close(): Promise<void>;
}

export interface ExtensionDriver {
  readonly browserName: BrowserName;
  /** The extension's base URL: `chrome-extension://ID/` or `moz-extension://UUID/`. */
  readonly baseUrl: string;
  /** Opens one of the extension's pages (e.g. "options.html", "sidepanel.html?x") in a new tab. */
  openExtensionPage(path: string): Promise<DriverPage>;
  /**
   * Opens a web page in a new tab and waits for it to load; with `whileLoading`, only until the page's own
   * document is there (its parsing may still be held up, and `load` may never come).
   */
  openPage(url: string, options?: { whileLoading?: boolean }): Promise<DriverPage>;
  /**
   * The toolbar button's badge text for the tab showing `pageUrl`, as the browser itself holds it
   * (`action.getBadgeText` in Chromium's service worker; `browserAction.getBadgeText` in a Firefox extension page).
   */
  badgeText(pageUrl: string): Promise<string>;
  /** Waits for a tab whose URL starts with `urlPrefix` (one the extension opened) and returns it. */
  waitForTab(urlPrefix: string, timeout?: number): Promise<DriverPage>;
  /** Closes the browser and starts it again with the same profile (same extension, storage, IndexedDB). */
  relaunch(): Promise<ExtensionDriver>;
  close(): Promise<void>;
}

/** Starts the browser this Vitest project drives, with the built extension in a fresh profile. */
export async function launchDriver(options: LaunchOptions = {}): Promise<ExtensionDriver> {
  const name = inject('e2eBrowser');
  if (name === 'firefox') return (await import('./firefox-driver')).launchFirefoxDriver(undefined, options);
  return (await import('./chromium-driver')).launchChromiumDriver(undefined, options);
}

/** The browser this Vitest project drives, for test names. */
export function driverBrowserName(): BrowserName {
  return inject('e2eBrowser');
}
