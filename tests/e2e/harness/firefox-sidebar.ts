import type { DriverPage } from './driver';
import type { FirefoxDriver } from './firefox-driver';

/** The two extension APIs used here, typed for the page function (the test project has no browser types). */
interface SidebarScope {
  browser: {
    extension: { getViews(filter: { type: 'sidebar' | 'tab' }): Window[] };
    sidebarAction: { close(): Promise<void>; isOpen(details: object): Promise<boolean> };
  };
}

/**
 * Firefox's real sidebar (not the panel page in a tab). The driver cannot reach it (it lives in the
 * browser's own window), so it is read from one of our extension pages, which sees the sidebar's window
 * through `extension.getViews`, the way the extension itself could. Tests read what it shows; they cannot
 * click in it. Firefox opens it when the extension is installed (`sidebar_action.open_at_install`).
 */
export async function realSidebar(driver: FirefoxDriver) {
  const probe: DriverPage = await driver.openExtensionPage('options.html');
  await probe.waitFor('[data-testid="save-settings"]');
  return {
    /** Whether the sidebar is open in the window. */
    isOpen: () =>
      probe.evaluate(() => (globalThis as unknown as SidebarScope).browser.sidebarAction.isOpen({}), undefined),
    /** The text of the first element matching `selector` in the open sidebar, or null (none, or no sidebar). */
    text: (selector: string) =>
      probe.evaluate((sel) => {
        const [view] = (globalThis as unknown as SidebarScope).browser.extension.getViews({ type: 'sidebar' });
        return (view?.document.querySelector(sel) as HTMLElement | null)?.innerText ?? null;
      }, selector),
    /**
     * The open sidebar's `lang` and `dir` (on its root element) and the computed direction of the first element
     * matching each of `selectors` (null where none matches); null when no sidebar is open.
     */
    layout: (selectors: string[]) =>
      probe.evaluate((sels) => {
        const [view] = (globalThis as unknown as SidebarScope).browser.extension.getViews({ type: 'sidebar' });
        if (!view) return null;
        const root = view.document.documentElement;
        const directions = sels.map((sel) => {
          const element = view.document.querySelector(sel);
          return element ? view.getComputedStyle(element).direction : null;
        });
        return { lang: root.lang, dir: root.dir, directions };
      }, selectors),
    /**
     * Closes the sidebar as the user's close button would. Firefox allows that only in a user action, and
     * a click on a button in our own page is one: so a button is added to the probe page and clicked.
     */
    async close(): Promise<void> {
      await probe.evaluate(() => {
        const button = document.createElement('button');
        button.id = 'test-close-sidebar';
        button.textContent = 'Close sidebar';
        button.addEventListener(
          'click',
          () => void (globalThis as unknown as SidebarScope).browser.sidebarAction.close(),
        );
        document.body.prepend(button);
      }, undefined);
      await probe.click('#test-close-sidebar');
      await probe.waitForFunction(
        async () => !(await (globalThis as unknown as SidebarScope).browser.sidebarAction.isOpen({})),
        undefined,
      );
    },
  };
}
