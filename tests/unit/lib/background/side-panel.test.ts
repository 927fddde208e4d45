/**
 * The panel adapter as Firefox behaves: `sidebarAction.open` refuses outside a user action of Firefox's
 * own UI (a click in a web page reaches the background as a message, which is not one), and says whether
 * the sidebar is open. fake-browser has no sidebarAction, so it is recorded here.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { openSidePanelFor, toolbarButtonContext } from '../../../../lib/background/side-panel';

let calls: string[];
let sidebarRefuses: boolean;
let sidebarOpen: boolean;

beforeEach(() => {
  fakeBrowser.reset();
  calls = [];
  sidebarRefuses = true;
  sidebarOpen = false;
  const scope = fakeBrowser as unknown as Record<string, unknown>;
  delete scope.sidePanel;
  scope.sidebarAction = {
    open: vi.fn(async () => {
      calls.push('sidebar.open');
      if (sidebarRefuses) throw new Error('sidebarAction.open may only be called from a user input handler');
    }),
    isOpen: vi.fn(
      async ({ windowId }: { windowId?: number }) => (calls.push(`sidebar.isOpen ${windowId}`), sidebarOpen),
    ),
  };
  vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation((async (tabId: number) => ({
    id: tabId,
    index: 4,
    windowId: 2,
  })) as never);
  vi.spyOn(fakeBrowser.tabs, 'create').mockImplementation((async (details: {
    url: string;
    index: number;
    windowId: number;
    openerTabId: number;
  }) => {
    calls.push(
      `tabs.create ${details.url} window ${details.windowId} index ${details.index} opener ${details.openerTabId}`,
    );
    return { id: 99 };
  }) as never);
});

describe('toolbar button menu context', () => {
  it('is "action" in MV3 (Chrome) and "browser_action" in MV2 (the Firefox build), which rejects the other', () => {
    expect(toolbarButtonContext(3)).toBe('action');
    expect(toolbarButtonContext(2)).toBe('browser_action');
    expect(toolbarButtonContext()).toBe('action'); // unit tests build for Chrome
  });
});

describe('opening the panel in Firefox', () => {
  it('opens the sidebar in a user action and does nothing more', async () => {
    sidebarRefuses = false;
    await openSidePanelFor(7, { elseInTab: true });
    expect(calls).toEqual(['sidebar.open']);
  });

  it('opens the panel page in a tab next to the page when the sidebar is refused and closed', async () => {
    const done = openSidePanelFor(7, { elseInTab: true });
    expect(calls).toEqual(['sidebar.open']); // tried at once, inside the handler
    await done;
    expect(calls.slice(1)).toEqual([
      'sidebar.isOpen 2',
      `tabs.create ${fakeBrowser.runtime.getURL('/sidepanel.html')} window 2 index 5 opener 7`,
    ]);
  });

  it('opens no tab when the sidebar is already open (the panel there shows the request)', async () => {
    sidebarOpen = true;
    await openSidePanelFor(7, { elseInTab: true });
    expect(calls).toEqual(['sidebar.open', 'sidebar.isOpen 2']);
  });

  it('opens no tab for a check started from the page (its results are drawn there)', async () => {
    await openSidePanelFor(7);
    expect(calls).toEqual(['sidebar.open']);
  });
});

describe('a panel that does not open', () => {
  it('is logged with the reason, and never rejects (Chrome refusing outside a user gesture; Firefox failing its fallback tab)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const scope = fakeBrowser as unknown as Record<string, unknown>;
    delete scope.sidebarAction;
    scope.sidePanel = {
      open: vi.fn(async () =>
        Promise.reject(new Error('`sidePanel.open()` may only be called in response to a user gesture.')),
      ),
    };
    await expect(openSidePanelFor(7)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      '[factlight] the side panel did not open',
      new Error('`sidePanel.open()` may only be called in response to a user gesture.'),
    );

    delete scope.sidePanel;
    scope.sidebarAction = {
      open: vi.fn(async () => Promise.reject(new Error('not a user action'))),
      isOpen: vi.fn(async () => false),
    };
    vi.spyOn(fakeBrowser.tabs, 'create').mockRejectedValue(new Error('window closed'));
    await expect(openSidePanelFor(7, { elseInTab: true })).resolves.toBeUndefined();
    expect(warn).toHaveBeenLastCalledWith('[factlight] the side panel did not open', new Error('window closed'));
    warn.mockRestore();
  });
});
