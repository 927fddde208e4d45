/**
 * The context menu, the keyboard shortcut, the side panel's "Fact-check this page" and the card's "Open in
 * side panel": each handler is called as the browser would call it, and the command flow is followed to
 * the page (script injected into the right tab and frame, the right command sent there) and to the panel.
 * fake-browser leaves contextMenus, commands, sidePanel, scripting and tabs.sendMessage unimplemented, so
 * they are recorded here; everything of Factlight's own runs for real.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { commandRouter } from '../../../../lib/background/authorized-handler';
import { HIGHLIGHTER_FILE } from '../../../../lib/background/inject-highlighter';
import { registerMenuAndShortcut, retitleMenus, SHORTCUT_COMMAND } from '../../../../lib/background/menu-and-shortcut';
import { noPageMessage, pageGoneMessage, registerPageHandlers } from '../../../../lib/background/page-handlers';
import { EMPTY_PROGRESS } from '../../../../lib/db/check-rows';
import { FactlightDb } from '../../../../lib/db/schema';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { PANEL_FOCUS_TTL_MS, type PanelFocus, watchPanelFocus } from '../../../../lib/messaging/panel-focus';
import {
  type BackgroundCommand,
  backgroundMessaging,
  type Result,
  type StartCheckResult,
} from '../../../../lib/messaging/protocol';

const FRENCH = resolve(import.meta.dirname, '../../../../public/_locales/fr/messages.json');

/** An extension event whose listeners the test can fire. */
function recordedEvent<Args extends unknown[]>() {
  const listeners: Array<(...args: Args) => void> = [];
  return {
    addListener: (listener: (...args: Args) => void) => void listeners.push(listener),
    removeListener: (listener: (...args: Args) => void) => void listeners.splice(listeners.indexOf(listener), 1),
    hasListener: (listener: (...args: Args) => void) => listeners.includes(listener),
    fire: (...args: Args) => listeners.forEach((listener) => listener(...args)),
  };
}

interface Sent {
  tabId: number;
  frameId: number | undefined;
  type: string;
}

/** What each message to the page carried. */
let sentData: unknown[];

/** Everything the handlers did, in order. */
let calls: string[];
let sentToPage: Sent[];
let menuClicked: ReturnType<
  typeof recordedEvent<[{ menuItemId: string | number; frameId?: number }, { id?: number } | undefined]>
>;
let commandFired: ReturnType<typeof recordedEvent<[string, { id?: number } | undefined]>>;
let createdMenus: Array<{ id: string; title: string; contexts: string[] }>;
let updatedMenus: Array<[string, { title: string }]>;
/** What the page answers to checkSelection / checkPage (and revealClaim). */
let pageAnswer: StartCheckResult | Result;
/** No Factlight in the tab any more (closed, reloaded): Chrome calls back with no answer. */
let pageGone: boolean;

beforeEach(() => {
  fakeBrowser.reset();
  backgroundMessaging.removeAllListeners();
  calls = [];
  sentToPage = [];
  sentData = [];
  createdMenus = [];
  updatedMenus = [];
  pageAnswer = { ok: true, checkId: 'check-1' };
  pageGone = false;
  menuClicked = recordedEvent();
  commandFired = recordedEvent();
  const scope = fakeBrowser as unknown as Record<string, unknown>;
  scope.contextMenus = {
    create: (menu: { id: string; title: string; contexts: string[] }) => void createdMenus.push(menu),
    update: async (id: string, change: { title: string }) => void updatedMenus.push([id, change]),
    onClicked: menuClicked,
  };
  scope.commands = { onCommand: commandFired };
  scope.sidePanel = {
    open: vi.fn(async ({ tabId }: { tabId: number }) => void calls.push(`open side panel for tab ${tabId}`)),
  };
  scope.scripting = {
    executeScript: vi.fn(
      async ({ target, files }: { target: { tabId: number; frameIds: number[] }; files: string[] }) => {
        calls.push(`inject ${files.join()} into tab ${target.tabId} frame ${target.frameIds.join()}`);
        return [];
      },
    ),
  };
  // @webext-core/messaging sends to a tab with chrome.tabs.sendMessage(tabId, message, options, callback).
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation(((
    tabId: number,
    message: { type: string; data?: unknown },
    options: { frameId?: number } | undefined,
    respond: (answer: unknown) => void,
  ) => {
    sentToPage.push({ tabId, frameId: options?.frameId, type: message.type });
    sentData.push(message.data);
    calls.push(`send ${message.type} to tab ${tabId}`);
    respond(pageGone ? undefined : { res: pageAnswer });
  }) as never);
});

/** The engine's answer to where a check was made, read from `db` as the engine reads it. */
const placeIn = (db: FactlightDb) => (checkId: string) => db.checks.get(checkId);

describe('context menu and keyboard shortcut', () => {
  beforeEach(() => registerMenuAndShortcut());

  it('creates "Fact-check selection" for selections and "Fact-check this page" for pages and the toolbar button on install', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    expect(createdMenus).toEqual([
      { id: 'factlight-check-selection', title: 'Fact-check selection', contexts: ['selection'] },
      { id: 'factlight-check-page', title: 'Fact-check this page', contexts: ['page', 'action'] },
    ]);
  });

  it('re-titles both menus in the interface language now in use', async () => {
    setMessageSource(catalogueSource('fr', JSON.parse(await readFile(FRENCH, 'utf8')) as Catalogue));
    try {
      await retitleMenus();
    } finally {
      setMessageSource(browserSource());
    }
    expect(updatedMenus).toEqual([
      ['factlight-check-selection', { title: 'Vérifier la sélection' }],
      ['factlight-check-page', { title: 'Vérifier cette page' }],
    ]);
  });

  it('"Fact-check selection" opens the side panel at once, then has the clicked frame check its selection', async () => {
    menuClicked.fire({ menuItemId: 'factlight-check-selection', frameId: 3 }, { id: 12 });
    // First and synchronously, inside the click's user gesture: Chrome refuses sidePanel.open after an await.
    expect(calls[0]).toBe('open side panel for tab 12');
    await vi.waitFor(() => expect(sentToPage).toHaveLength(1));
    expect(calls).toEqual([
      'open side panel for tab 12',
      `inject ${HIGHLIGHTER_FILE} into tab 12 frame 3`,
      'send checkSelection to tab 12',
    ]);
    expect(sentToPage).toEqual([{ tabId: 12, frameId: 3, type: 'checkSelection' }]);
  });

  it('"Fact-check this page" has the tab check its main article', async () => {
    menuClicked.fire({ menuItemId: 'factlight-check-page' }, { id: 4 });
    expect(calls[0]).toBe('open side panel for tab 4');
    await vi.waitFor(() => expect(sentToPage).toEqual([{ tabId: 4, frameId: 0, type: 'checkPage' }]));
    expect(calls[1]).toBe(`inject ${HIGHLIGHTER_FILE} into tab 4 frame 0`);
  });

  it('ignores a menu click that comes with no tab (e.g. on a browser page)', async () => {
    menuClicked.fire({ menuItemId: 'factlight-check-page' }, undefined);
    menuClicked.fire({ menuItemId: 'factlight-check-selection' }, {});
    await Promise.resolve();
    expect(calls).toEqual([]);
  });

  it("the shortcut opens the side panel and checks the selection in the active tab's top frame", async () => {
    commandFired.fire(SHORTCUT_COMMAND, { id: 9 });
    expect(calls[0]).toBe('open side panel for tab 9');
    await vi.waitFor(() => expect(sentToPage).toEqual([{ tabId: 9, frameId: 0, type: 'checkSelection' }]));
  });

  it('ignores other commands and a shortcut pressed with no tab', async () => {
    commandFired.fire('some-other-command', { id: 9 });
    commandFired.fire(SHORTCUT_COMMAND, undefined);
    await Promise.resolve();
    expect(calls).toEqual([]);
  });

  it('says in the side panel why a check from the menu or the shortcut did not start', async () => {
    const problems: string[] = [];
    const stop = watchPanelFocus((focus) =>
      problems.push('problem' in focus ? focus.problem : `check ${focus.checkId}`),
    );
    pageAnswer = { ok: false, error: 'Select some text on the page first.' };
    commandFired.fire(SHORTCUT_COMMAND, { id: 9 });
    await vi.waitFor(() => expect(problems).toEqual(['The check did not start: Select some text on the page first.']));
    (fakeBrowser as unknown as { scripting: { executeScript: () => Promise<never> } }).scripting.executeScript = () =>
      Promise.reject(new Error('Cannot access contents of the page'));
    menuClicked.fire({ menuItemId: 'factlight-check-page' }, { id: 4 });
    await vi.waitFor(() => expect(problems).toHaveLength(2));
    expect(problems[1]).toBe(
      'The check did not start: Factlight cannot run on this page (Cannot access contents of the page).',
    );
    stop();
  });
});

/** Delivers a command to the background as Chrome would, with a sender, and returns what the sender gets. */
async function deliver(
  type: BackgroundCommand,
  data: unknown,
  sender: object,
): Promise<{ res?: unknown; err?: { message?: string } }> {
  let respond!: (value: unknown) => void;
  const response = new Promise<unknown>((resolve) => (respond = resolve));
  await fakeBrowser.runtime.onMessage.trigger({ id: 1, type, data, timestamp: Date.now() }, sender, respond);
  return (await response) as { res?: unknown; err?: { message?: string } };
}

describe('commands from the side panel and the page', () => {
  const own = { id: fakeBrowser.runtime.id, baseUrl: fakeBrowser.runtime.getURL('/') };
  const sidePanel = { id: own.id, url: `${own.baseUrl}sidepanel.html` };
  const contentScript = { id: own.id, url: 'https://news.example.com/story', tab: { id: 7 }, frameId: 0 };

  beforeEach(() => registerPageHandlers(commandRouter(own), placeIn(new FactlightDb('page-commands'))));

  it('"Fact-check this page" in the side panel checks the article of the tab it names and answers the check id', async () => {
    const answer = await deliver('checkPageInTab', { tabId: 21 }, sidePanel);
    expect(answer.res).toEqual({ ok: true, checkId: 'check-1' });
    expect(calls).toEqual([`inject ${HIGHLIGHTER_FILE} into tab 21 frame 0`, 'send checkPage to tab 21']);
  });

  it('says why a page cannot be checked (no article, or a page extensions may not script)', async () => {
    pageAnswer = { ok: false, error: 'No article text was found on this page.' };
    expect((await deliver('checkPageInTab', { tabId: 21 }, sidePanel)).res).toEqual(pageAnswer);
    (fakeBrowser as unknown as { scripting: { executeScript: () => Promise<never> } }).scripting.executeScript = () =>
      Promise.reject(new Error('Cannot access a chrome:// URL'));
    expect((await deliver('checkPageInTab', { tabId: 22 }, sidePanel)).res).toEqual({
      ok: false,
      error: 'Factlight cannot run on this page (Cannot access a chrome:// URL).',
    });
  });

  it('the floating button: a check that does not start is said in the side panel, and answered to the page', async () => {
    const problems: string[] = [];
    const stop = watchPanelFocus((focus) =>
      problems.push('problem' in focus ? focus.problem : `check ${focus.checkId}`),
    );
    pageAnswer = { ok: false, error: 'Select some text on the page first.' };
    expect((await deliver('checkSelectionHere', undefined, contentScript)).res).toEqual(pageAnswer);
    await vi.waitFor(() => expect(problems).toEqual(['The check did not start: Select some text on the page first.']));
    stop();
  });

  it("the page's offer checks the first part of the selection, never more than the background's limit", async () => {
    await deliver('checkSelectionHere', { limit: 50_000 }, contentScript);
    await deliver('checkSelectionHere', { limit: 9_000_000 }, contentScript);
    await deliver('checkSelectionHere', { limit: -3 }, contentScript);
    await deliver('checkSelectionHere', undefined, contentScript);
    expect(sentData).toEqual([{ limit: 50_000 }, { limit: 50_000 }, {}, {}]);
  });

  it('refuses "Fact-check this page" from a content script (it could aim at any tab)', async () => {
    expect((await deliver('checkPageInTab', { tabId: 21 }, contentScript)).err?.message).toMatch(/Refused/);
    expect(calls).toEqual([]);
  });

  it('"Open in side panel" opens the panel for the sender\'s tab before anything else, and asks it to show the claim', async () => {
    const focused: PanelFocus[] = [];
    const stop = watchPanelFocus((focus) => focused.push(focus));
    const set = fakeBrowser.storage.session.set.bind(fakeBrowser.storage.session);
    vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementation(async (items) => {
      calls.push('ask the panel to show the claim');
      await set(items);
    });
    await deliver('openInSidePanel', { checkId: 'check-1', claimId: 'c0-1' }, contentScript);
    // Opened before the handler's first await, while the click still counts as a gesture.
    expect(calls).toEqual(['open side panel for tab 7', 'ask the panel to show the claim']);
    await vi.waitFor(() => expect(focused).toEqual([{ checkId: 'check-1', claimId: 'c0-1', at: expect.any(Number) }]));
    stop();
  });
});

describe('the side panel picking up "Open in side panel"', () => {
  it('takes a request made before it opened, once, and later ones as they come', async () => {
    const own = { id: fakeBrowser.runtime.id, baseUrl: fakeBrowser.runtime.getURL('/') };
    registerPageHandlers(commandRouter(own), placeIn(new FactlightDb('page-commands-focus')));
    const contentScript = { id: own.id, url: 'https://news.example.com/story', tab: { id: 7 }, frameId: 0 };
    await deliver('openInSidePanel', { checkId: 'a', claimId: 'c0-0' }, contentScript);

    const seen: string[] = [];
    const stop = watchPanelFocus((focus) =>
      seen.push('checkId' in focus ? `${focus.checkId}/${focus.claimId ?? ''}` : focus.problem),
    );
    await vi.waitFor(() => expect(seen).toEqual(['a/c0-0']));
    await deliver('openInSidePanel', { checkId: 'b' }, contentScript);
    await vi.waitFor(() => expect(seen).toEqual(['a/c0-0', 'b/']));
    // Consumed: nothing is left for a panel opened later to jump to.
    await vi.waitFor(async () => expect(await fakeBrowser.storage.session.get('panelFocus')).toEqual({}));
    stop();
  });

  it('drops a request nobody picked up in time', async () => {
    await fakeBrowser.storage.session.set({ panelFocus: { checkId: 'old', at: Date.now() - PANEL_FOCUS_TTL_MS - 1 } });
    const seen: string[] = [];
    const stop = watchPanelFocus((focus) => seen.push('checkId' in focus ? focus.checkId : focus.problem));
    await vi.waitFor(async () => expect(await fakeBrowser.storage.session.get('panelFocus')).toEqual({}));
    expect(seen).toEqual([]);
    stop();
  });
});

describe('"Show on page" and "Clear highlights" from the side panel', () => {
  const own = { id: fakeBrowser.runtime.id, baseUrl: fakeBrowser.runtime.getURL('/') };
  const sidePanel = { id: own.id, url: `${own.baseUrl}sidepanel.html` };
  let db: FactlightDb;
  let dbCount = 0;

  beforeEach(async () => {
    db = new FactlightDb(`page-commands-reveal-${++dbCount}`);
    registerPageHandlers(commandRouter(own), placeIn(db));
    const check = {
      createdAt: 1,
      updatedAt: 1,
      status: 'done' as const,
      origin: 'selection' as const,
      text: 'The wall is visible.',
      inputHash: 'h',
      searchWords: [],
      progress: { ...EMPTY_PROGRESS },
      warnings: [],
    };
    await db.checks.bulkAdd([
      { ...check, id: 'in-page', tabId: 12, frameId: 2 },
      { ...check, id: 'typed', origin: 'typed' },
    ]);
  });

  it('shows the claim in the tab and frame the check came from', async () => {
    pageAnswer = { ok: true };
    expect((await deliver('revealClaim', { checkId: 'in-page', claimId: 'c0-0' }, sidePanel)).res).toEqual({
      ok: true,
    });
    expect(sentToPage).toEqual([{ tabId: 12, frameId: 2, type: 'revealClaim' }]);
  });

  it('says why a claim cannot be shown: no page, the page gone, or not highlighted there', async () => {
    expect((await deliver('revealClaim', { checkId: 'typed', claimId: 'c0-0' }, sidePanel)).res).toEqual({
      ok: false,
      error: noPageMessage(),
    });
    pageAnswer = { ok: false, error: 'This claim is not highlighted on the page.' };
    expect((await deliver('revealClaim', { checkId: 'in-page', claimId: 'c0-0' }, sidePanel)).res).toEqual(pageAnswer);
    pageGone = true;
    expect((await deliver('revealClaim', { checkId: 'in-page', claimId: 'c0-0' }, sidePanel)).res).toEqual({
      ok: false,
      error: pageGoneMessage(),
    });
  });

  it('clears the highlights, or says the page is gone instead of saying nothing', async () => {
    expect((await deliver('clearPageHighlights', { checkId: 'in-page' }, sidePanel)).res).toEqual({ ok: true });
    expect(sentToPage).toEqual([{ tabId: 12, frameId: 2, type: 'clearHighlights' }]);
    pageGone = true;
    expect((await deliver('clearPageHighlights', { checkId: 'in-page' }, sidePanel)).res).toEqual({
      ok: false,
      error: pageGoneMessage(),
    });
    expect((await deliver('clearPageHighlights', { checkId: 'typed' }, sidePanel)).res).toEqual({
      ok: false,
      error: noPageMessage(),
    });
  });
});
