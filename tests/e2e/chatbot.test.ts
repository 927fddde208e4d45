import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFactWorld, startHttpsOrigin, withoutScripts, type FactWorld, type HttpsOrigin } from '../servers';
import { launchWithExtension, type ExtensionBrowser } from './harness/launch';
import { OptionsPage } from './harness/options-page';

/** A saved real Claude conversation served at https://claude.ai, so the real match patterns apply. */
const FIXTURE = resolve(import.meta.dirname, '../../../shared/fixtures/chat/claude/obsidian-ai-exporter--chat-simple.html');
const NAMES = ['factlight-green', 'factlight-orange', 'factlight-red', 'factlight-grey', 'factlight-unknown'];

describe('chatbot replies', () => {
  let world: FactWorld;
  let claude: HttpsOrigin;
  const browsers: ExtensionBrowser[] = [];

  beforeAll(async () => {
    if (!existsSync(FIXTURE)) throw new Error(`Missing chat fixture ${FIXTURE}: the shared folder must sit beside the repository.`);
    world = await startFactWorld();
    claude = await startHttpsOrigin(['claude.ai'], withoutScripts(readFileSync(FIXTURE, 'utf8')));
  });
  afterEach(async () => {
    await Promise.all(browsers.splice(0).map((browser) => browser.close()));
  });
  afterAll(async () => {
    await claude.close();
    await world.close();
  });

  it('puts a control under each finished reply, checks one, and highlights inside that reply', async () => {
    const browser = await launchWithExtension({ args: claude.chromiumArgs });
    browsers.push(browser);
    const options = await OptionsPage.open(browser);
    await options.fillModel({ preset: 'custom', baseUrl: world.model.baseUrl, fastModel: 'fake-fast', strongModel: 'fake-strong' });
    await options.page.getByTestId('search-wikipedia').uncheck();
    await options.enableSearxng(world.searxng.baseUrl);
    expect(await options.save()).toBe('Settings saved.');

    const page = await browser.context.newPage();
    await page.goto('https://claude.ai/chat/saved-conversation');
    const controls = page.getByTestId('factlight-check-reply');
    await controls.nth(6).waitFor();
    expect(await controls.count()).toBe(7);

    // Each control sits right after its reply, outside the reply's own markup.
    const placement = await page.evaluate(() =>
      [...document.querySelectorAll('factlight-ui[data-factlight="reply-control"]')].map((host) => Boolean(host.previousElementSibling?.matches('div[data-is-streaming="false"], [data-is-streaming]'))),
    );
    expect(placement.every(Boolean)).toBe(true);

    await controls.nth(2).click();
    await page.waitForFunction((names) => names.some((name) => (CSS.highlights.get(name)?.size ?? 0) > 0), NAMES, { timeout: 30_000 });
    const inside = await page.evaluate((names) => {
      const third = document.querySelectorAll('[data-is-streaming]')[2]!;
      const ranges = names.flatMap((name) => [...(CSS.highlights.get(name) ?? [])] as Range[]);
      return ranges.length > 0 && ranges.every((range) => third.contains(range.commonAncestorContainer));
    }, NAMES);
    expect(inside).toBe(true);
  });

  it('gives a reply that is still streaming no control until it is done', async () => {
    const browser = await launchWithExtension({ args: claude.chromiumArgs });
    browsers.push(browser);
    const page = await browser.context.newPage();
    await page.goto('https://claude.ai/chat/saved-conversation');
    const controls = page.getByTestId('factlight-check-reply');
    await controls.nth(6).waitFor();
    await page.evaluate(() => document.querySelectorAll('[data-is-streaming]')[6]!.setAttribute('data-is-streaming', 'true'));
    await page.waitForFunction(() => document.querySelectorAll('factlight-ui[data-factlight="reply-control"]').length === 6);
    await page.evaluate(() => document.querySelectorAll('[data-is-streaming]')[6]!.setAttribute('data-is-streaming', 'false'));
    await controls.nth(6).waitFor();
    expect(await controls.count()).toBe(7);
  });
});
