import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { type BrowserContext, chromium, type Page } from 'playwright-core';

import { browserPath } from '../browsers';
import { makeTempDir, removeTempDir } from './temp-dirs';

/** The unpacked Chrome build that `npm run test:e2e` makes before the suite runs. */
export const EXTENSION_DIR = resolve(import.meta.dirname, '../../../.output/chrome-mv3');

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  userDataDir: string;
  /** Opens an extension page (e.g. "options.html") in a tab, as a person would from the toolbar. */
  openExtensionPage(path: string): Promise<Page>;
  /** Waits for a tab whose URL starts with `urlPrefix` (one the extension opened) and returns it. */
  waitForPage(urlPrefix: string, timeout?: number): Promise<Page>;
  /**
   * Closes the browser and removes its temporary folders, the profile too when this launch owns it;
   * `keepProfile` keeps the profile for a relaunch, which then owns it.
   */
  close(options?: { keepProfile?: boolean }): Promise<void>;
}

export interface LaunchWithExtensionOptions {
  /** An existing profile to start with (a relaunch); by default a fresh temporary one. */
  userDataDir?: string;
  /** Remove the profile on close. Default: only when this launch made it. A relaunch passes true. */
  removeProfileOnClose?: boolean;
  args?: string[];
  /**
   * More environment for the browser. A locale: `{ LANGUAGE: 'ar' }` with `--lang=ar` in `args` (on Linux
   * `--lang` alone switches the extension's catalogue but not getUILanguage() or @@bidi_dir; measured in
   * Chromium 156, see docs/i18n/README.md).
   */
  env?: Record<string, string>;
  headless?: boolean;
  /** Another unpacked build to load (a copy with its own id, for a test's own policy); default EXTENSION_DIR. */
  extensionDir?: string;
  /** The program to start; default CHROME_PATH, else chromium on the PATH. A test's wrapper may start it instead. */
  executablePath?: string;
  /** Other unpacked extensions to load beside Factlight (the cold-start bench's empty extension). */
  alsoLoad?: string[];
}

/** Chromium's flags for a browser with only these unpacked extensions (the benches launch one without Playwright). */
export function extensionBrowserArgs(extensionDirs: readonly string[]): string[] {
  return [
    `--disable-extensions-except=${extensionDirs.join(',')}`,
    `--load-extension=${extensionDirs.join(',')}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    // The machine has no internet; without these Chromium keeps trying to reach Google's services.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}

/**
 * Starts real Chromium with the built extension in a persistent profile. Pass the same `userDataDir`
 * to relaunch the "same browser" (same extension id, storage and IndexedDB). The temporary folders go
 * when the browser is closed, when the launch fails, and at the latest when the process exits.
 */
export async function launchWithExtension(options: LaunchWithExtensionOptions = {}): Promise<ExtensionBrowser> {
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  if (!existsSync(join(extensionDir, 'manifest.json')))
    throw new Error(`No built extension at ${extensionDir}: run "wxt build" first.`);
  // CHROME_PATH, else chromium on the PATH (scripts/ensure-browsers.ts installs it for npm start / npm test).
  const executablePath = options.executablePath ?? browserPath('chromium');
  const userDataDir = options.userDataDir ?? makeTempDir('factlight-profile-');
  const ownsProfile = options.removeProfileOnClose ?? !options.userDataDir;
  const xdg = makeTempDir('factlight-xdg-');
  // Once kept for a relaunch, the profile belongs to the next browser: a second close must not remove it.
  let handedOver = false;
  const removeFolders = (keepProfile: boolean) => {
    handedOver ||= keepProfile;
    removeTempDir(xdg);
    if (ownsProfile && !handedOver) removeTempDir(userDataDir);
  };
  let context: BrowserContext | undefined;
  let extensionId: string;
  let waitForPage: ExtensionBrowser['waitForPage'];
  try {
    const launched = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: options.headless ?? true,
      args: [...extensionBrowserArgs([extensionDir, ...(options.alsoLoad ?? [])]), ...(options.args ?? [])],
      env: { ...process.env, ...options.env, XDG_CONFIG_HOME: xdg, XDG_CACHE_HOME: xdg },
    });
    context = launched;
    // Factlight's worker is background.js (other loaded extensions may start theirs first).
    const isOurs = (url: string) => url.endsWith('/background.js');
    const worker =
      launched.serviceWorkers().find((candidate) => isOurs(candidate.url())) ??
      (await launched.waitForEvent('serviceworker', { predicate: (candidate) => isOurs(candidate.url()) }));
    extensionId = new URL(worker.url()).host;
    waitForPage = async (urlPrefix, timeout = 60_000) => {
      // A tab the extension opens shows up as a page whose URL is about:blank until it commits, so the
      // pages are polled for their URL rather than taken from the first "page" event.
      const deadline = Date.now() + timeout;
      for (;;) {
        const page = launched.pages().find((candidate) => candidate.url().startsWith(urlPrefix));
        if (page) return page;
        if (Date.now() > deadline) throw new Error(`No tab at ${urlPrefix} within ${timeout} ms.`);
        await new Promise((resolve) => setTimeout(resolve, 50)); // poll interval
      }
    };
    // A fresh install opens the welcome page (runtime.onInstalled); waiting for it here means every tab a
    // test opens comes after it, so it never becomes the active tab in the middle of a test.
    if (!options.userDataDir) await waitForPage(`chrome-extension://${extensionId}/welcome.html`);
  } catch (error) {
    await context?.close().catch(() => undefined);
    removeFolders(false);
    throw error;
  }
  const running = context;
  return {
    context: running,
    extensionId,
    userDataDir,
    waitForPage,
    async openExtensionPage(path) {
      const page = await running.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async close({ keepProfile = false } = {}) {
      try {
        await running.close();
      } finally {
        removeFolders(keepProfile);
      }
    },
  };
}
