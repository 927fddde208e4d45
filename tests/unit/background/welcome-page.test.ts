import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openWelcomePageOnInstall } from '../../../lib/background/welcome-page';

/** The URLs of every open tab (fake-browser keeps real tab state for `tabs.create` and `tabs.query`). */
async function openUrls(): Promise<Array<string | undefined>> {
  return (await fakeBrowser.tabs.query({})).map((tab) => tab.url);
}

/** Fires onInstalled as the browser would, and lets the handler's tab creation settle. */
async function installed(details: Parameters<typeof fakeBrowser.runtime.onInstalled.trigger>[0]): Promise<void> {
  await fakeBrowser.runtime.onInstalled.trigger(details);
  // The handler starts tabs.create without awaiting it in the listener; one macrotask lets it finish.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the welcome page on install', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    openWelcomePageOnInstall();
  });

  it('opens the welcome page in a new tab when the extension is installed', async () => {
    const before = await openUrls();
    await installed({ reason: 'install' });
    expect(await openUrls()).toEqual([...before, fakeBrowser.runtime.getURL('/welcome.html')]);
  });

  it('opens nothing on an update, a browser update or a shared module update', async () => {
    const before = await openUrls();
    await installed({ reason: 'update', previousVersion: '0.0.9' });
    await installed({ reason: 'chrome_update' });
    await installed({ reason: 'shared_module_update', id: 'another-extension' });
    // Firefox's names: a browser update, and its `temporary` flag on a developer's reload.
    await installed({ reason: 'browser_update', temporary: true } as unknown as Parameters<typeof installed>[0]);
    expect(await openUrls()).toEqual(before);
  });

  it('listens from the moment the background starts (a listener added after an await would miss the event)', () => {
    fakeBrowser.reset();
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(false);
    openWelcomePageOnInstall();
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
  });
});
