import type { IncomingMessage, ServerResponse } from 'node:http';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  type FactWorld,
  type HttpsOrigin,
  startFactWorld,
  startHttpsOrigin,
  withoutScripts,
  worldResponder,
} from '../../../scripts/lib/servers';
import { readChatFixture } from '../../unit/support/chat-fixtures';
import { driverBrowserName, type DriverPage, type ExtensionDriver, launchDriver } from '../harness/driver';
import {
  ALL_HIGHLIGHT_NAMES,
  byTestId,
  configureDriverForWorld,
  DriverSidePanel,
  extensionIdFromPage,
} from '../harness/journey-pages';

/** A saved real Claude conversation served at https://claude.ai, so the real match patterns apply. */
const FIXTURE = 'claude/obsidian-ai-exporter--chat-simple.html';
const CONVERSATION = 'https://claude.ai/chat/saved-conversation';
const CONTROL = byTestId('factlight-check-reply');

/**
 * ChatGPT's transcript UI with the attribution heading ("ChatGPT said:", "ChatGPT 说：") before each reply, served
 * at https://chatgpt.com: /c/en and /c/zh-CN, one page per UI language.
 */
const TRANSCRIPTS: Record<string, string> = {
  '/c/en': 'chatgpt/factlight--chatgpt-transcript-attribution.en.SYNTHETIC.html',
  '/c/zh-CN': 'chatgpt/factlight--chatgpt-transcript-attribution.zh-CN.SYNTHETIC.html',
};

/** The "Fact-check" control under each chatbot reply: the same journeys in Chromium and Firefox. */
describe(`chatbot reply journeys (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let claude: HttpsOrigin;
  let chatgpt: HttpsOrigin;
  const drivers: ExtensionDriver[] = [];

  beforeAll(async () => {
    // A saved page kept in tests/fixtures/chat/ (throws when the file is missing).
    const html = readChatFixture(FIXTURE);
    world = await startFactWorld();
    claude = await startHttpsOrigin(['claude.ai'], withoutScripts(html));
    const transcripts = new Map(
      Object.entries(TRANSCRIPTS).map(([path, file]) => [path, withoutScripts(readChatFixture(file))]),
    );
    chatgpt = await startHttpsOrigin(['chatgpt.com'], (req: IncomingMessage, res: ServerResponse) => {
      const page = transcripts.get(req.url ?? '');
      res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' }).end(page ?? 'Not found');
    });
  });
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  });
  afterAll(async () => {
    // Whatever did start is closed, also when beforeAll failed half-way (the rest is still unset).
    await Promise.all([claude?.close(), chatgpt?.close(), world?.close()]);
  });

  async function launch(origin: HttpsOrigin = claude): Promise<ExtensionDriver> {
    const driver = await launchDriver({ httpsOrigin: origin });
    drivers.push(driver);
    return driver;
  }

  /**
   * A browser pointed at the fact world, with "check every new reply automatically" on or off. Like the
   * other journeys it allows private-network evidence, so the world's loopback pages are read in full.
   */
  async function configured(autoCheck = false, origin: HttpsOrigin = claude): Promise<ExtensionDriver> {
    const driver = await launch(origin);
    const status = await configureDriverForWorld(driver, world, async (options) => {
      if (autoCheck) await options.page.setChecked(byTestId('auto-check-replies'), true);
    });
    expect(status).toBe('Settings saved.');
    return driver;
  }

  it.each(Object.keys(TRANSCRIPTS))(
    "highlights a ChatGPT transcript reply's sentences past its attribution heading (%s)",
    async (path) => {
      const driver = await configured(false, chatgpt);
      const page = await driver.openPage(`https://chatgpt.com${path}`);
      await page.waitFor(CONTROL, { nth: 1 });
      // The heading is on the page, in the reply, before its text: what the highlights must step over.
      expect(
        await page.evaluate(
          () => document.querySelector('li[data-message-role="assistant"] > h4[data-message-attribution]')?.textContent,
          undefined,
        ),
      ).toMatch(/^ChatGPT (said:|说：)$/);
      await page.click(CONTROL, { nth: 0 });
      await expect.poll(() => page.text(CONTROL, { nth: 0 })).toBe('Checked · see side panel');
      // Each claim is drawn inside the first reply, on words of one of its sentences, and every sentence has one.
      const sentences = await page.evaluate(
        () =>
          [...document.querySelectorAll('li[data-message-role="assistant"]')[0]!.querySelectorAll('p')].flatMap(
            (paragraph) => (paragraph.textContent!.match(/[^.。]+[.。]/g) ?? []).map((sentence) => sentence.trim()),
          ),
        undefined,
      );
      expect(sentences.length).toBeGreaterThan(0);
      await expect
        .poll(async () => {
          const drawn = await drawnHighlights(page, 'li[data-message-role="assistant"]', 0);
          const texts = drawn.map((line) => /^\S+ in: (.+)$/s.exec(line)?.[1]?.trim() ?? `(misplaced) ${line}`);
          return {
            misplaced: texts.filter((text) => !sentences.some((sentence) => sentence.includes(text))),
            undrawn: sentences.filter((sentence) => !texts.some((text) => sentence.includes(text))),
          };
        })
        .toEqual({ misplaced: [], undrawn: [] });
    },
  );

  it('says how many claims could not be shown when the reply changed before they were drawn', async () => {
    const driver = await configured(false, chatgpt);
    const page = await driver.openPage('https://chatgpt.com/c/en');
    await page.waitFor(CONTROL, { nth: 1 });
    // The site rewrites the reply (an edit, a regenerated answer) right after the click, once the control has read
    // it: a page listener that the click reaches after ours, so nothing the check finds can be placed any more.
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        () => {
          const reply = document.querySelectorAll('li[data-message-role="assistant"]')[0]!;
          for (const paragraph of reply.querySelectorAll('p')) paragraph.textContent = 'This answer was replaced.';
        },
        { once: true },
      );
    }, undefined);
    await page.click(CONTROL, { nth: 0 });
    await expect
      .poll(() => page.text(CONTROL, { nth: 0 }))
      .toMatch(/^(\d+) of \1 claims could not be shown on this page · Open side panel$/);
    expect(await page.isDisabled(CONTROL, { nth: 0 })).toBe(false);
    // Nothing is drawn in a wrong place.
    expect(await drawnHighlights(page, 'li[data-message-role="assistant"]', 0)).toEqual([]);
  });

  it('puts a control under each finished reply, checks one, and highlights inside that reply', async () => {
    const driver = await configured();
    const page = await driver.openPage(CONVERSATION);
    await page.waitFor(CONTROL, { nth: 6 });
    expect(await page.count(CONTROL)).toBe(7);

    // Each control sits right after its reply, outside the reply's own markup.
    const placement = await page.evaluate(
      () =>
        [...document.querySelectorAll('factlight-ui[data-factlight="reply-control"]')].map((host) =>
          Boolean(host.previousElementSibling?.matches('div[data-is-streaming="false"], [data-is-streaming]')),
        ),
      undefined,
    );
    expect(placement).toEqual(Array(7).fill(true));

    await page.click(CONTROL, { nth: 2 });
    await page.waitForFunction(
      (names) => names.some((name) => (CSS.highlights.get(name)?.size ?? 0) > 0),
      ALL_HIGHLIGHT_NAMES,
      { timeout: 30_000 },
    );
    const inside = await page.evaluate((names) => {
      const third = document.querySelectorAll('[data-is-streaming]')[2]!;
      const ranges = names.flatMap((name) => [...(CSS.highlights.get(name) ?? [])] as Range[]);
      return ranges.length > 0 && ranges.every((range) => third.contains(range.commonAncestorContainer));
    }, ALL_HIGHLIGHT_NAMES);
    expect(inside).toBe(true);
  });

  it("keeps putting a control under new replies after the page forges WXT's content-script-started event", async () => {
    const driver = await configured();
    // The page is assumed to know our id (it is public); the test reads it from one of our own pages.
    const id = await extensionIdFromPage(driver);
    expect(id).not.toBe('');
    const page = await driver.openPage(CONVERSATION);
    await page.waitFor(CONTROL, { nth: 6 });
    // The page dispatches the event WXT's context listens for (wxt/dist/utils/content-script-context.mjs),
    // then the site adds a new finished reply: it must still get its control.
    await page.evaluate((extensionId) => {
      document.dispatchEvent(
        new CustomEvent(`${extensionId}:chat:wxt:content-script-started`, {
          detail: { contentScriptName: 'chat', messageId: 'forged-by-the-page' },
        }),
      );
      const turns = document.querySelectorAll('[data-test-render-count]');
      const turn = [...turns].reverse().find((candidate) => candidate.querySelector('div[data-is-streaming]'))!;
      const copy = turn.cloneNode(true) as Element;
      copy.querySelectorAll('factlight-ui').forEach((host) => host.remove());
      copy.querySelector('div[data-is-streaming] p')!.textContent = 'Mount Everest is 8,849 metres high.';
      turn.after(copy);
    }, id);
    await page.waitFor(CONTROL, { nth: 7 });
    expect(await page.count(CONTROL)).toBe(8);
  });

  it('gives a reply that is still streaming no control until it is done', async () => {
    const page = await (await launch()).openPage(CONVERSATION);
    await page.waitFor(CONTROL, { nth: 6 });
    await page.evaluate(
      () => document.querySelectorAll('[data-is-streaming]')[6]!.setAttribute('data-is-streaming', 'true'),
      undefined,
    );
    await page.waitForFunction(
      () => document.querySelectorAll('factlight-ui[data-factlight="reply-control"]').length === 6,
      undefined,
    );
    await page.evaluate(
      () => document.querySelectorAll('[data-is-streaming]')[6]!.setAttribute('data-is-streaming', 'false'),
      undefined,
    );
    await page.waitFor(CONTROL, { nth: 6 });
    expect(await page.count(CONTROL)).toBe(7);
  });

  it('puts the control back, in its checked state, when the site drops and re-creates a checked reply', async () => {
    const driver = await configured();
    const page = await driver.openPage(CONVERSATION);
    await page.waitFor(CONTROL, { nth: 6 });
    await page.click(CONTROL, { nth: 2 });
    await expect.poll(() => page.text(CONTROL, { nth: 2 })).toBe('Checked · see side panel');
    const panel = await DriverSidePanel.open(driver);
    await panel.openLatestFromHistory();
    await page.waitForFunction(
      (names) => names.some((name) => (CSS.highlights.get(name)?.size ?? 0) > 0),
      ALL_HIGHLIGHT_NAMES,
      { timeout: 30_000 },
    );

    // A virtualised list scrolls the turn out of view (its row leaves the DOM, our control with it) ...
    await scrollReplyAway(page, 2);
    expect(await page.count(CONTROL)).toBe(6);
    // Its highlights go with it (never left on the wrong text) ...
    await page.waitForFunction(
      (names) => names.every((name) => (CSS.highlights.get(name)?.size ?? 0) === 0),
      ALL_HIGHLIGHT_NAMES,
    );
    // ... and back: a new node for the same reply.
    await scrollReplyBack(page);
    await expect.poll(() => page.count(CONTROL)).toBe(7);
    expect(
      await page.evaluate(
        () => document.querySelectorAll('[data-is-streaming]')[2]!.nextElementSibling?.getAttribute('data-factlight'),
        undefined,
      ),
    ).toBe('reply-control');
    // At once, or, when the check's last drawing came while the reply was away, once its highlights are back.
    await expect.poll(() => page.text(CONTROL, { nth: 2 })).toBe('Checked · see side panel');
    expect(await page.isDisabled(CONTROL, { nth: 2 })).toBe(true);
    expect(await page.text(CONTROL, { nth: 1 })).toBe('Fact-check');
    // ... and come back with it, on the new nodes.
    await expect.poll(() => allDrawnInside(page, 2)).toBe(true);
  });

  it('highlights a reply that was out of the page when its check finished once it is back, and says so', async () => {
    const driver = await configured();
    const page = await driver.openPage(CONVERSATION);
    await page.waitFor(CONTROL, { nth: 6 });
    // The model answers only once the reply has left the page, so the check finishes while it is away.
    let answer!: () => void;
    const away = new Promise<void>((resolve) => (answer = resolve));
    world.model.respondWith(async (request) => (await away, worldResponder(request)));
    try {
      await page.click(CONTROL, { nth: 2 });
      await expect.poll(() => page.text(CONTROL, { nth: 2 })).toBe('Checked · see side panel');
      // A virtualised list scrolls the turn out of view (its row leaves the DOM, our control with it).
      await scrollReplyAway(page, 2);
      answer();
      // The check finishes with none of its claims on the page, and the side panel lists them.
      const panel = await DriverSidePanel.open(driver);
      await panel.openLatestFromHistory();
      await panel.page.waitFor(byTestId('not-found-on-page'));
      expect(
        await page.evaluate(
          (names) => names.every((name) => (CSS.highlights.get(name)?.size ?? 0) === 0),
          ALL_HIGHLIGHT_NAMES,
        ),
      ).toBe(true);

      // The turn comes back: its claims are drawn in it, its control says it is checked, the panel lists none.
      await scrollReplyBack(page);
      await expect.poll(() => allDrawnInside(page, 2)).toBe(true);
      await expect.poll(() => page.text(CONTROL, { nth: 2 })).toBe('Checked · see side panel');
      expect(await page.isDisabled(CONTROL, { nth: 2 })).toBe(true);
      await expect.poll(() => panel.page.count(byTestId('not-found-on-page'))).toBe(0);
    } finally {
      answer();
      world.model.respondWith(worldResponder);
    }
  });

  it('checks a new reply by itself once it has finished, when the user asked for that', async () => {
    const page = await (await configured(true)).openPage(CONVERSATION);
    await page.waitFor(CONTROL, { nth: 6 });
    // Replies that were already there are not checked on their own.
    expect(await page.texts(CONTROL)).toEqual(Array(7).fill('Fact-check'));

    // A new reply starts streaming: a copy of the last turn, being written.
    await page.evaluate(() => {
      const last = [...document.querySelectorAll('[data-test-render-count]')].at(-1)!;
      const turn = last.cloneNode(true) as Element;
      turn.querySelectorAll('factlight-ui').forEach((host) => host.remove());
      turn.querySelector('[data-is-streaming]')!.setAttribute('data-is-streaming', 'true');
      turn
        .querySelector('.standard-markdown, .progressive-markdown')!
        .replaceChildren(Object.assign(document.createElement('p'), { textContent: 'The Eiffel Tower was completed' }));
      last.after(turn);
      // The page re-renders an older turn at the same time, dropping our control there; its return shows
      // that the script has looked at the page while the new reply was streaming.
      document.querySelector('factlight-ui[data-factlight="reply-control"]')!.remove();
    }, undefined);
    await page.waitForFunction(
      () => document.querySelectorAll('factlight-ui[data-factlight="reply-control"]').length === 7,
      undefined,
    );
    // The last words arrive and the reply finishes in the same moment.
    await page.evaluate(() => {
      const reply = [...document.querySelectorAll('[data-is-streaming]')].at(-1)!;
      reply.querySelector('.standard-markdown p, .progressive-markdown p')!.textContent =
        'The Eiffel Tower was completed in 1889 and stands in Paris.';
      reply.setAttribute('data-is-streaming', 'false');
    }, undefined);

    // Without a click, the new reply is checked and highlighted inside itself. Highlights are drawn as the check
    // runs (a claim still being checked has its own band), so the final drawing is awaited, not the first one.
    await expect.poll(() => page.text(CONTROL, { nth: 7 })).toBe('Checked · see side panel');
    await expect
      .poll(async () => (await drawnHighlights(page, '[data-is-streaming]', -1)).sort())
      .toEqual([
        'factlight-green in: The Eiffel Tower was completed in 1889',
        'factlight-green in: The Eiffel Tower was completed in 1889 and stands in Paris.',
      ]);
    expect((await page.texts(CONTROL)).slice(0, 7)).toEqual(Array(7).fill('Fact-check'));
  });
});

/**
 * Each highlight in the page as "<highlight name> in|outside: <text>", whether it lies in the element that is the
 * `nth` (negative: from the end) match of `selector`.
 */
async function drawnHighlights(page: DriverPage, selector: string, nth: number): Promise<string[]> {
  return page.evaluate(
    ({ names, selector, nth }) => {
      const element = [...document.querySelectorAll(selector)].at(nth)!;
      return names.flatMap((name) =>
        [...(CSS.highlights.get(name) ?? [])].map(
          (range) =>
            `${name} ${element.contains((range as Range).startContainer) ? 'in' : 'outside'}: ${(range as Range).toString()}`,
        ),
      );
    },
    { names: ALL_HIGHLIGHT_NAMES, selector, nth },
  );
}

/**
 * A virtualised list scrolls the `nth` reply's turn out of view: its row leaves the DOM, our control with it. A copy
 * is kept for `scrollReplyBack`, without our control (the site re-creates only its own markup).
 */
async function scrollReplyAway(page: DriverPage, nth: number): Promise<void> {
  await page.evaluate((index) => {
    const row = document.querySelectorAll('[data-is-streaming]')[index]!.closest('[data-test-render-count]')!;
    const copy = row.cloneNode(true) as Element;
    copy.querySelectorAll('factlight-ui').forEach((host) => host.remove());
    Object.assign(window, { __row: { copy, parent: row.parentElement!, next: row.nextSibling } });
    row.remove();
  }, nth);
}

/** The list scrolls the turn back: new nodes for the same reply, where it was. */
async function scrollReplyBack(page: DriverPage): Promise<void> {
  await page.evaluate(() => {
    const saved = (window as unknown as { __row: { copy: Element; parent: Element; next: Node | null } }).__row;
    saved.parent.insertBefore(saved.copy, saved.next);
  }, undefined);
}

/** Whether the page shows highlights, and every one of them lies on words of the `nth` reply. */
async function allDrawnInside(page: DriverPage, nth: number): Promise<boolean> {
  const drawn = await drawnHighlights(page, '[data-is-streaming]', nth);
  return drawn.length > 0 && drawn.every((line) => /^\S+ in: ./su.test(line));
}
