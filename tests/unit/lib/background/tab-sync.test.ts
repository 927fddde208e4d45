/**
 * A check started from a page is drawn back into that page as it runs, and its last state (finished) reaches
 * the page even though the final status update is not one of the writer's recorded steps. fake-browser
 * leaves scripting and tabs.sendMessage unimplemented, so they are recorded here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Dexie } from 'dexie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { HIGHLIGHTER_FILE, injectHighlighter } from '../../../../lib/background/inject-highlighter';
import { createRunManager } from '../../../../lib/background/run-manager';
import { createTabSync } from '../../../../lib/background/tab-sync';
import { EMPTY_PROGRESS } from '../../../../lib/db/check-rows';
import { FactlightDb } from '../../../../lib/db/schema';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import type { DrawCheckRequest } from '../../../../lib/messaging/protocol';
import { worldSettings } from '../../../../scripts/bench/world-settings';
import { type FactWorld, startFactWorld } from '../../../../scripts/lib/servers/index';

describe('tab sync', () => {
  const TEXT = 'Mount Everest is the highest mountain on Earth, at 8,849 metres.';
  const PAGE = 'https://news.example/everest';
  let world: FactWorld;
  let db: FactlightDb;
  let drawn: DrawCheckRequest[];
  /** What the page scripts were told besides drawing: type and data. */
  let told: Array<{ type: string; data: unknown }>;
  /** While set, the page answers drawings only when the test calls these. */
  let heldDraws: Array<() => void> | null;

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterAll(() => world.close());
  beforeEach(() => {
    fakeBrowser.reset();
    db = new FactlightDb('tab-sync');
    drawn = [];
    told = [];
    heldDraws = null;
    (fakeBrowser as unknown as Record<string, unknown>).scripting = { executeScript: vi.fn(async () => []) };
    // @webext-core/messaging sends to a tab with chrome.tabs.sendMessage(tabId, message, options, callback).
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation(((
      _tabId: number,
      message: { type: string; data: unknown },
      _options: unknown,
      respond: (answer: unknown) => void,
    ) => {
      if (message.type !== 'drawCheck') {
        told.push(message);
        respond({ res: undefined });
        return;
      }
      const request = message.data as DrawCheckRequest;
      drawn.push(request);
      // The page could not place the first claim of a reply (its capture is the reply's).
      const answer = () =>
        respond({
          res: {
            notFound: request.capture.quote.prefix === 'reply' ? request.spans.slice(0, 1).map((s) => s.claimId) : [],
          },
        });
      if (heldDraws) heldDraws.push(answer);
      else answer();
    }) as never);
  });
  afterEach(async () => {
    setMessageSource(browserSource());
    db.close();
    await Dexie.delete('tab-sync');
  });

  it('injects the page code at once, also into a page still loading (not at document_idle)', async () => {
    await injectHighlighter(5, 2);
    const scripting = (fakeBrowser as unknown as { scripting: { executeScript: ReturnType<typeof vi.fn> } }).scripting;
    expect(scripting.executeScript).toHaveBeenCalledWith({
      target: { tabId: 5, frameIds: [2] },
      files: [HIGHLIGHTER_FILE],
      injectImmediately: true,
    });
  });

  it('redraws the page after the check finishes, so the page sees finished: true', async () => {
    const tabs = createTabSync(db);
    // The order of status writes and change notices shows whether the last notice follows the final status.
    const order: string[] = [];
    db.checks.hook('updating', (changes) => {
      const status = (changes as { status?: string }).status;
      if (status) order.push(`status ${status}`);
      return undefined;
    });
    const runs = createRunManager({
      db,
      loadSettings: async () => worldSettings(world),
      extractor: createLinkedomExtractor(),
      onCheckChanged: (checkId) => {
        order.push('changed');
        tabs.changed(checkId);
      },
    });
    const capture = {
      quote: { type: 'TextQuoteSelector' as const, exact: TEXT },
      position: { type: 'TextPositionSelector' as const, start: 0, end: TEXT.length },
    };
    const tab = await fakeBrowser.tabs.create({ url: PAGE });
    const started = await runs.start(
      { text: TEXT, origin: 'selection', capture, pageUrl: PAGE },
      { tabId: tab.id!, frameId: 0 },
    );
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect((await db.checks.get(checkId))?.status).toBe('done'), {
      timeout: 10_000,
      interval: 20,
    });
    expect(order.lastIndexOf('changed')).toBeGreaterThan(order.lastIndexOf('status done'));
    await vi.waitFor(() => expect(drawn.at(-1)).toMatchObject({ checkId, finished: true, pageUrl: PAGE }), {
      timeout: 5_000,
      interval: 20,
    });
    // Not a chatbot reply: there is no reply control to tell.
    expect(told).toEqual([]);
  }, 30_000);

  it("tells a chatbot reply's control how many of its claims the page could not show, after the finished drawing only", async () => {
    const tabs = createTabSync(db);
    const runs = createRunManager({
      db,
      loadSettings: async () => worldSettings(world),
      extractor: createLinkedomExtractor(),
      onCheckChanged: (checkId) => tabs.changed(checkId),
    });
    const capture = {
      quote: { type: 'TextQuoteSelector' as const, exact: TEXT, prefix: 'reply' },
      position: { type: 'TextPositionSelector' as const, start: 0, end: TEXT.length },
    };
    // The reply's page is open in the tab (a check is drawn only in the page it came from).
    const tab = await fakeBrowser.tabs.create({ url: PAGE });
    const started = await runs.start(
      { text: TEXT, origin: 'chatbot-reply', messageId: 'm-1', capture, pageUrl: PAGE },
      { tabId: tab.id!, frameId: 0 },
    );
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(() => expect(drawn.at(-1)).toMatchObject({ checkId, finished: true }), {
      timeout: 10_000,
      interval: 20,
    });
    const total = drawn.at(-1)!.spans.length;
    expect(total).toBeGreaterThan(1);
    // The finished drawing is followed by its placement (a drawing mid-check, which counts claims still coming, tells
    // the control nothing: the chatbot journey's re-created reply shows that in a page).
    await vi.waitFor(() =>
      expect(told).toEqual([
        expect.objectContaining({ type: 'replyPlacement', data: { checkId, messageId: 'm-1', notShown: 1, total } }),
      ]),
    );
    const first = drawn.at(-1)!.spans[0]!.claimId;
    expect((await db.checks.get(checkId))?.notFoundOnPage).toEqual([first]);

    // Drawn again, and the page says it shows every claim now (the reply came back) before that drawing's answer is
    // recorded: the word is heard after it, so it is what stays.
    heldDraws = [];
    const drawing = tabs.flush(checkId);
    const placed = tabs.placed({ checkId, notFound: [], total }, { tabId: tab.id!, frameId: 0 });
    await vi.waitFor(() => expect(heldDraws).toHaveLength(1));
    heldDraws[0]!();
    await Promise.all([drawing, placed]);
    expect((await db.checks.get(checkId))?.notFoundOnPage).toEqual([]);
    expect(told.at(-1)).toEqual(expect.objectContaining({ data: expect.objectContaining({ notShown: 0 }) }));

    // A page slow to draw: changes while a drawing is on its way join the one drawing that waits, never pile up.
    heldDraws = [];
    const before = drawn.length;
    const slow = tabs.flush(checkId);
    await vi.waitFor(() => expect(heldDraws).toHaveLength(1));
    const waiting = tabs.flush(checkId);
    expect(tabs.flush(checkId)).toBe(waiting);
    heldDraws[0]!();
    await vi.waitFor(() => expect(heldDraws).toHaveLength(2));
    heldDraws[1]!();
    await Promise.all([slow, waiting]);
    expect(drawn.length - before).toBe(2);

    // A page that never answers a drawing holds the check's next ones back only so long (here 20 ms): the drawing
    // gives up, and the next one goes out.
    const impatient = createTabSync(db, undefined, 20);
    heldDraws = [];
    await impatient.flush(checkId);
    heldDraws = null;
    await impatient.flush(checkId);
    expect(drawn.length - before).toBe(4);
  }, 30_000);

  it('injects and sends nothing once the tab shows another page (issue 24)', async () => {
    const tabs = createTabSync(db);
    const capture = {
      quote: { type: 'TextQuoteSelector' as const, exact: TEXT },
      position: { type: 'TextPositionSelector' as const, start: 0, end: TEXT.length },
    };
    const tab = await fakeBrowser.tabs.create({ url: `${PAGE}#intro` });
    await db.checks.add({
      id: 'paged',
      createdAt: 1,
      updatedAt: 1,
      status: 'done',
      origin: 'selection',
      text: TEXT,
      inputHash: 'h',
      searchWords: [],
      progress: { ...EMPTY_PROGRESS },
      warnings: [],
      pageUrl: PAGE,
      capture,
      tabId: tab.id!,
      frameId: 0,
    });
    await tabs.flush('paged');
    expect(drawn.map((request) => request.checkId)).toEqual(['paged']);
    const inject = (fakeBrowser as unknown as { scripting: { executeScript: ReturnType<typeof vi.fn> } }).scripting
      .executeScript;
    inject.mockClear();
    tabs.forgetTab(tab.id!);
    await fakeBrowser.tabs.update(tab.id!, { url: 'https://elsewhere.example/' });
    await tabs.flush('paged');
    expect(drawn).toHaveLength(1);
    expect(inject).not.toHaveBeenCalled();
  });

  it('waits for the interface language before it words the card (a resumed check redraws with no command)', async () => {
    let languageAsked = false;
    let languageLoaded!: () => void;
    const tabs = createTabSync(db, () => {
      languageAsked = true;
      return new Promise<void>((resolve) => (languageLoaded = resolve));
    });
    const tab = await fakeBrowser.tabs.create({ url: PAGE });
    await db.checks.add({
      id: 'resumed',
      createdAt: 1,
      updatedAt: 1,
      status: 'running',
      origin: 'selection',
      text: TEXT,
      inputHash: 'h',
      searchWords: [],
      progress: { ...EMPTY_PROGRESS },
      warnings: [],
      pageUrl: PAGE,
      capture: {
        quote: { type: 'TextQuoteSelector', exact: TEXT },
        position: { type: 'TextPositionSelector', start: 0, end: TEXT.length },
      },
      tabId: tab.id!,
      frameId: 0,
    });
    await db.claims.add({
      id: 'resumed:c0',
      checkId: 'resumed',
      claim: {
        id: 'c0',
        sentenceIndex: 0,
        text: TEXT,
        span: { start: 0, end: TEXT.length },
        anchored: true,
        checkWorthy: true,
      },
    });
    const drawing = tabs.flush('resumed');
    await vi.waitFor(() => expect(languageAsked).toBe(true));
    expect(drawn).toEqual([]);
    // The chosen language (Arabic) arrives: only now are the card's words put into the request.
    const arabic = JSON.parse(
      readFileSync(join(process.cwd(), 'public/_locales/ar/messages.json'), 'utf8'),
    ) as Catalogue;
    setMessageSource(catalogueSource('ar', arabic));
    languageLoaded();
    await drawing;
    const [span] = drawn[0]!.spans;
    expect(span!.verdict).toBe(arabic.progressChecking!.message);
    expect(span!.textSummary).toMatch(new RegExp(`^${arabic.cardWholeText!.message.split('$HEADLINE$')[0]}`));
  });

  it('sends nothing for a check that came from no tab or has no capture', async () => {
    const tabs = createTabSync(db);
    await db.checks.bulkAdd([
      {
        id: 'typed',
        createdAt: 1,
        updatedAt: 1,
        status: 'done',
        origin: 'typed',
        text: TEXT,
        inputHash: 'h',
        searchWords: [],
        progress: { ...EMPTY_PROGRESS },
        warnings: [],
      },
      {
        id: 'no-capture',
        createdAt: 1,
        updatedAt: 1,
        status: 'done',
        origin: 'selection',
        text: TEXT,
        inputHash: 'h',
        searchWords: [],
        progress: { ...EMPTY_PROGRESS },
        warnings: [],
        tabId: 3,
        frameId: 0,
      },
    ]);
    await tabs.flush('typed');
    await tabs.flush('no-capture');
    await tabs.flush('missing');
    expect(drawn).toEqual([]);
    expect(fakeBrowser.tabs.sendMessage).not.toHaveBeenCalled();
  });

  describe('a page that shows, since its finished drawing, claims it could not then', () => {
    /** A finished chatbot reply's check in tab 7's frame 2, whose drawing could not place two of its three claims. */
    async function checkOfReply(status: 'done' | 'running' = 'done'): Promise<void> {
      await db.checks.add({
        id: 'reply',
        createdAt: 1,
        updatedAt: 1,
        status,
        origin: 'chatbot-reply',
        messageId: 'm-7',
        text: TEXT,
        inputHash: 'h',
        searchWords: [],
        progress: { ...EMPTY_PROGRESS, claims: 3 },
        warnings: [],
        tabId: 7,
        frameId: 2,
        notFoundOnPage: ['c0-0', 'c0-1'],
      });
    }
    const fromReplyFrame = { tabId: 7, frameId: 2 };
    const notFound = async () => (await db.checks.get('reply'))?.notFoundOnPage;

    it("keeps what is still not shown and tells the reply's control", async () => {
      await checkOfReply();
      await createTabSync(db).placed({ checkId: 'reply', notFound: ['c0-1'], total: 3 }, fromReplyFrame);
      expect(await notFound()).toEqual(['c0-1']);
      expect(told).toEqual([
        expect.objectContaining({
          type: 'replyPlacement',
          data: { checkId: 'reply', messageId: 'm-7', notShown: 1, total: 3 },
        }),
      ]);
      await createTabSync(db).placed({ checkId: 'reply', notFound: [], total: 3 }, fromReplyFrame);
      expect(await notFound()).toEqual([]);
      expect(told.at(-1)).toEqual(
        expect.objectContaining({ data: { checkId: 'reply', messageId: 'm-7', notShown: 0, total: 3 } }),
      );
    });

    it('hears it only from the frame the check was drawn in, of a finished check, and never of more claims', async () => {
      const tabs = createTabSync(db);
      await checkOfReply('running');
      // A running check's next drawing says what its page shows.
      await tabs.placed({ checkId: 'reply', notFound: [], total: 3 }, fromReplyFrame);
      await db.checks.update('reply', { status: 'done' });
      // Another frame of the tab, another tab, a sender with no tab (an extension page), a check that does not exist.
      await tabs.placed({ checkId: 'reply', notFound: [], total: 3 }, { tabId: 7, frameId: 0 });
      await tabs.placed({ checkId: 'reply', notFound: [], total: 3 }, { tabId: 8, frameId: 2 });
      await tabs.placed({ checkId: 'reply', notFound: [], total: 3 }, {});
      await tabs.placed({ checkId: 'missing', notFound: [], total: 3 }, fromReplyFrame);
      // Claims that were shown, or are not the check's, do not become "not shown".
      await tabs.placed({ checkId: 'reply', notFound: ['c0-0', 'c0-1', 'c0-2', 'other'], total: 3 }, fromReplyFrame);
      expect(await notFound()).toEqual(['c0-0', 'c0-1']);
      expect(told).toEqual([]);
      // The control's total is the check's at most.
      await tabs.placed({ checkId: 'reply', notFound: ['c0-0'], total: 99 }, fromReplyFrame);
      expect(told).toEqual([expect.objectContaining({ data: expect.objectContaining({ notShown: 1, total: 3 }) })]);
    });
  });
});
