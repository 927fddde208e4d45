import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { activeTabId } from '../../../../components/sidepanel/active-tab';

// The fake browser starts with no focused window; the panel's window is the current one.
beforeEach(async () => {
  await fakeBrowser.windows.create({ focused: true });
});
afterEach(() => fakeBrowser.reset());

describe('activeTabId', () => {
  it("is the id of the panel window's active tab", async () => {
    await fakeBrowser.tabs.create({ url: 'https://example.org/a', active: true });
    const active = await fakeBrowser.tabs.create({ url: 'https://example.org/b', active: true });
    await expect(activeTabId()).resolves.toBe(active.id);
  });

  it('says so when no page is open beside the panel', async () => {
    await expect(activeTabId()).rejects.toThrow('There is no page open beside the panel.');
  });
});
