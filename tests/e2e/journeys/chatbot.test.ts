import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  type FactWorld,
  type HttpsOrigin,
  startFactWorld,
  startHttpsOrigin,
  withoutScripts,
} from '../../../scripts/lib/servers';
import { readChatFixture } from '../../unit/support/chat-fixtures';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { ALL_HIGHLIGHT_NAMES, byTestId, configureDriverForWorld, DriverSidePanel } from '../harness/journey-pages';

/** A saved real Claude conversation served at https://claude.ai, so the real match patterns apply. */
const FIXTURE = 'claude/obsidian-ai-exporter--chat-simple.html';
const CONVERSATION = 'https://claude.ai/chat/saved-conversation';
const CONTROL = byTestId('factlight-check-reply');

/** The "Fact-check" control under each chatbot reply: the same journeys in Chromium and Firefox. */
describe(`chatbot reply journeys (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let claude: HttpsOrigin;
  const drivers: ExtensionDriver[] = [];

  beforeAll(async () => {
    // A saved page kept in tests/fixtures/chat/ (throws when the file is missing).
    const html = readChatFixture(FIXTURE);
    world = await startFactWorld();
    claude = await startHttpsOrigin(['claude.ai'], withoutScripts(html));
  });
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  });
  afterAll(async () => {
    // Whatever did start is closed, also when beforeAll failed half-way (the rest is still unset).
    await Promise.all([claude?.close(), world?.close()]);
  });

  async function launch(): Promise<ExtensionDriver> {
    const driver = await launchDriver({ httpsOrigin: claude });
    drivers.push(driver);
    return driver;
  }

  /**
   * A browser pointed at the fact world, with "check every new reply automatically" on or off. Like the
   * other journeys it allows private-network evidence, so the world's loopback pages are read in full.
   */
  async function configured(autoCheck = false): Promise<ExtensionDriver> {
    const driver = await launch();
    const status = await configureDriverForWorld(driver, world, async (options) => {
      if (autoCheck) await options.page.setChecked(byTestId('auto-check-replies'), true);
    });
    expect(status).toBe('Settings saved.');
    return driver;
  }

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
    await page.evaluate(() => {
      const row = document.querySelectorAll('[data-is-streaming]')[2]!.closest('[data-test-render-count]')!;
      const copy = row.cloneNode(true) as Element;
      copy.querySelectorAll('factlight-ui').forEach((host) => host.remove()); // the site re-creates only its own markup
      Object.assign(window, { __row: { copy, parent: row.parentElement!, next: row.nextSibling } });
      row.remove();
    }, undefined);
    expect(await page.count(CONTROL)).toBe(6);
    // Its highlights go with it (never left on the wrong text) ...
    await page.waitForFunction(
      (names) => names.every((name) => (CSS.highlights.get(name)?.size ?? 0) === 0),
      ALL_HIGHLIGHT_NAMES,
    );
    // ... and back: a new node for the same reply.
    await page.evaluate(() => {
      const saved = (window as unknown as { __row: { copy: Element; parent: Element; next: Node | null } }).__row;
      saved.parent.insertBefore(saved.copy, saved.next);
    }, undefined);
    await expect.poll(() => page.count(CONTROL)).toBe(7);
    expect(
      await page.evaluate(
        () => document.querySelectorAll('[data-is-streaming]')[2]!.nextElementSibling?.getAttribute('data-factlight'),
        undefined,
      ),
    ).toBe('reply-control');
    expect(await page.text(CONTROL, { nth: 2 })).toBe('Checked · see side panel');
    expect(await page.isDisabled(CONTROL, { nth: 2 })).toBe(true);
    expect(await page.text(CONTROL, { nth: 1 })).toBe('Fact-check');
    // ... and come back with it, on the new nodes.
    await expect
      .poll(() =>
        page.evaluate((names) => {
          const reply = document.querySelectorAll('[data-is-streaming]')[2]!;
          const ranges = names.flatMap((name) => [...(CSS.highlights.get(name) ?? [])] as Range[]);
          return (
            ranges.length > 0 &&
            ranges.every((range) => reply.contains(range.startContainer) && range.toString().length > 0)
          );
        }, ALL_HIGHLIGHT_NAMES),
      )
      .toBe(true);
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

    // Without a click, the new reply is checked and highlighted inside itself.
    await expect.poll(() => page.text(CONTROL, { nth: 7 })).toBe('Checked · see side panel');
    await page.waitForFunction(
      (names) => names.some((name) => (CSS.highlights.get(name)?.size ?? 0) > 0),
      ALL_HIGHLIGHT_NAMES,
      { timeout: 30_000 },
    );
    const drawn = await page.evaluate((names) => {
      const reply = [...document.querySelectorAll('[data-is-streaming]')].at(-1)!;
      return names.flatMap((name) =>
        [...(CSS.highlights.get(name) ?? [])].map(
          (range) =>
            `${name} ${reply.contains((range as Range).startContainer) ? 'in' : 'outside'}: ${(range as Range).toString()}`,
        ),
      );
    }, ALL_HIGHLIGHT_NAMES);
    expect(drawn.sort()).toEqual([
      'factlight-green in: The Eiffel Tower was completed in 1889',
      'factlight-green in: The Eiffel Tower was completed in 1889 and stands in Paris.',
    ]);
    expect((await page.texts(CONTROL)).slice(0, 7)).toEqual(Array(7).fill('Fact-check'));
  });
});
