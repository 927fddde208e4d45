import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { openWelcomePageOnInstall } from '../../../../lib/background/welcome-page';

type InstalledDetails = Parameters<typeof fakeBrowser.runtime.onInstalled.trigger>[0];

const WELCOME_URL = fakeBrowser.runtime.getURL('/welcome.html');

/** The URLs of every open tab (fake-browser keeps real tab state for `tabs.create` and `tabs.query`). */
async function openUrls(): Promise<Array<string | undefined>> {
  return (await fakeBrowser.tabs.query({})).map((tab) => tab.url);
}

describe('the welcome page on install', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    openWelcomePageOnInstall();
  });

  it('opens the welcome page in a new tab when the extension is installed', async () => {
    const before = await openUrls();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await vi.waitFor(async () => expect(await openUrls()).toEqual([...before, WELCOME_URL]));
  });

  it('opens nothing on an update, a browser update or a shared module update', async () => {
    // tabs.create would be called synchronously inside the listener, so a spy sees it at once.
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.0.9' });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'chrome_update' });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'shared_module_update', id: 'another-extension' });
    // Firefox's names: a browser update, and its `temporary` flag on a developer's reload.
    await fakeBrowser.runtime.onInstalled.trigger({
      reason: 'browser_update',
      temporary: true,
    } as unknown as InstalledDetails);
    expect(create).not.toHaveBeenCalled();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(create).toHaveBeenCalledExactlyOnceWith({ url: WELCOME_URL });
  });

  it('listens from the moment the background starts (a listener added after an await would miss the event)', () => {
    fakeBrowser.reset();
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(false);
    openWelcomePageOnInstall();
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
  });
});
