import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** The unpacked Chrome build that `npm run test:e2e` makes before the suite runs. */
export const EXTENSION_DIR = resolve(import.meta.dirname, '../../../.output/chrome-mv3');

/** Debian's Chromium by default; CHROME_PATH wins. Branded Chrome >= 137 ignores --load-extension. */
export function findChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROME_PATH.');
  return found;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  extensionId: string;
  userDataDir: string;
  /** Opens an extension page (e.g. "options.html") in a tab, as a person would from the toolbar. */
  openExtensionPage(path: string): Promise<Page>;
  /** Waits for a tab whose URL starts with `urlPrefix` (one the extension opened) and returns it. */
  waitForPage(urlPrefix: string, timeout?: number): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Starts real Chromium with the built extension in a persistent profile. Pass the same `userDataDir`
 * to relaunch the "same browser" (same extension id, storage and IndexedDB).
 */
export async function launchWithExtension(
  options: { userDataDir?: string; args?: string[]; headless?: boolean } = {},
): Promise<ExtensionBrowser> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) throw new Error(`No built extension at ${EXTENSION_DIR}: run "wxt build" first.`);
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'factlight-profile-'));
  const xdg = mkdtempSync(join(tmpdir(), 'factlight-xdg-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    headless: options.headless ?? true,
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      // The machine has no internet; without these Chromium keeps trying to reach Google's services.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.args ?? []),
    ],
    env: { ...process.env, XDG_CONFIG_HOME: xdg, XDG_CACHE_HOME: xdg },
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  const waitForPage = async (urlPrefix: string, timeout = 10_000): Promise<Page> => {
    // A tab the extension opens shows up as a page whose URL is about:blank until it commits, so the
    // pages are polled for their URL rather than taken from the first "page" event.
    const deadline = Date.now() + timeout;
    for (;;) {
      const page = context.pages().find((candidate) => candidate.url().startsWith(urlPrefix));
      if (page) return page;
      if (Date.now() > deadline) throw new Error(`No tab at ${urlPrefix} within ${timeout} ms.`);
      await new Promise((resolve) => setTimeout(resolve, 50)); // poll interval
    }
  };
  // A fresh install opens the welcome page (runtime.onInstalled); waiting for it here means every tab a
  // test opens comes after it, so it never becomes the active tab in the middle of a test.
  if (!options.userDataDir) {
    await waitForPage(`chrome-extension://${extensionId}/welcome.html`).catch(async (error: unknown) => {
      await context.close();
      rmSync(xdg, { recursive: true, force: true });
      throw error;
    });
  }
  return {
    context,
    extensionId,
    userDataDir,
    waitForPage,
    async openExtensionPage(path) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    async close() {
      await context.close();
      rmSync(xdg, { recursive: true, force: true });
    },
  };
}
