/**
 * `npm run screenshots`: pictures taken from real checks of the fixed sample text against the loopback
 * servers (scripted model, SearXNG, evidence sites), on the extension built by `npm run build`:
 * - docs/sidepanel-{light,dark}.png: the side panel in light and dark mode, for the README;
 * - docs/store/*.png: the 1280×800 images the Chrome Web Store and addons.mozilla.org take: the side panel
 *   beside a checked article, and the article with its highlights and a claim's card.
 * `npm run screenshots -- <locale>` (`es`, `ar`, any shipped locale) starts Chromium in that language
 * (`--lang` and `LANGUAGE`, docs/i18n/README.md) and writes only the store images, to docs/store/<locale>/.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import type { Page } from 'playwright-core';

import { DEFAULT_LOCALE, isLocale, LOCALES, textDirection, toLanguageTag } from '../lib/i18n/catalogue';
import { configureForWorld } from './lib/extension/configure';
import { launchWithExtension } from './lib/extension/launch';
import { SidePanelPage } from './lib/extension/side-panel-page';
import { startFactWorld, WORLD_TEXT } from './lib/servers';

const STORE = { width: 1280, height: 800 };
const PANEL_WIDTH = 400;
const docs = resolve(import.meta.dirname, '../docs');

const locale = process.argv[2] ?? DEFAULT_LOCALE;
if (!isLocale(locale)) {
  console.error(`Unknown locale "${locale}": use one of ${LOCALES.join(', ')}.`);
  process.exit(2);
}
const english = locale === DEFAULT_LOCALE;
/** Where the store images go: docs/store/ in English, docs/store/<locale>/ in another language. */
const storeDir = english ? 'store' : `store/${locale}`;

/** A news article as a reader would meet it, holding the sample text (one false claim among true ones). */
const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Landmarks, peaks and prizes</title>
<style>
  body { margin: 0; font: 19px/1.65 Georgia, 'DejaVu Serif', serif; color: #1f2328; background: #fbfaf7; }
  header { border-bottom: 1px solid #e3e0d8; padding: 14px 48px; font: 600 15px system-ui, sans-serif; letter-spacing: .04em; color: #6b6457; }
  article { max-width: 680px; margin: 0 auto; padding: 40px 32px; }
  h1 { font-size: 38px; line-height: 1.2; margin: 0 0 8px; }
  .byline { font: 14px system-ui, sans-serif; color: #6b6457; margin-bottom: 28px; }
</style></head><body>
<header>THE DAILY REFERENCE · World · Science · Culture</header>
<article><h1>Landmarks, peaks and prizes</h1><div class="byline">By A. Writer · 5 min read</div>
<p>${WORLD_TEXT}</p>
<p>Whatever the records say, every place has its own stories, and travellers keep coming back to them.
Guides in Paris still point out where the tower's first visitors queued for the lifts, and in the valleys
below Everest the teahouses keep their own tallies of the expeditions that passed through.</p>
<p>Some of those stories are true, some are half true, and some are repeated so often that nobody checks
them any more. That is where a second look helps.</p>
</article></body></html>`;

async function shoot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: resolve(docs, name) }).then((png) => (console.log(`wrote docs/${name}`), png));
}

const world = await startFactWorld();
const browser = await launchWithExtension(
  english ? {} : { args: [`--lang=${toLanguageTag(locale)}`], env: { LANGUAGE: locale } },
);
try {
  await configureForWorld(browser, world);

  // README pictures (English only): the panel after a check typed into it.
  if (english) await readmePictures();

  async function readmePictures() {
    const typed = await SidePanelPage.open(browser);
    await typed.page.setViewportSize({ width: PANEL_WIDTH, height: 1100 });
    await typed.check(WORLD_TEXT);
    await typed.waitForResult();
    await typed.spans().filter({ hasText: 'visible from the Moon' }).first().click();
    await typed.page.getByTestId('claim-card').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await typed.page.emulateMedia({ colorScheme: scheme });
      const path = resolve(docs, `sidepanel-${scheme}.png`);
      await typed.page.screenshot({ path, fullPage: true });
      console.log(`wrote ${path}`);
    }
    await typed.page.close();
  }

  // Store pictures: the same text checked where it is read.
  mkdirSync(resolve(docs, storeDir), { recursive: true });
  const site = world.sites.get('eiffel')!;
  site.route('/landmarks', { body: ARTICLE });
  const page = await browser.context.newPage();
  await page.setViewportSize(STORE);
  await page.goto(site.url('/landmarks'));
  await page.locator('article p').first().click({ clickCount: 3 });
  // The button takes a click once it has been on screen a moment (aria-disabled until then).
  await page.locator('[data-testid="factlight-check-selection"]:not([aria-disabled])').click();
  await page.waitForFunction(() => (CSS.highlights.get('factlight-red')?.size ?? 0) > 0, undefined, {
    timeout: 60_000,
  });
  await page.evaluate(() => getSelection()?.removeAllRanges());

  const panel = await SidePanelPage.open(browser);
  await panel.page.setViewportSize({ width: PANEL_WIDTH, height: STORE.height });
  await panel.openHistory();
  await panel.page.getByTestId('history-item').first().click();
  await panel.waitForResult();
  await panel.spans().filter({ hasText: 'visible from the Moon' }).first().click();
  await panel.page.getByTestId('claim-card').waitFor();

  // The article with its highlights and the card of the false claim, full width.
  const openCard = async () => {
    const point = await page.evaluate(() => {
      const rect = ([...CSS.highlights.get('factlight-red')!][0] as Range).getClientRects()[0]!;
      return { x: rect.left + 5, y: rect.top + rect.height / 2 };
    });
    await page.mouse.click(point.x, point.y);
    await page.getByTestId('factlight-card').waitFor();
  };
  await openCard();
  await shoot(page, `${storeDir}/2-page-highlights.png`);

  // The panel beside the article, as the browser shows them side by side.
  await page.mouse.click(5, STORE.height - 5); // closes the card
  await page.setViewportSize({ width: STORE.width - PANEL_WIDTH, height: STORE.height });
  const article = await page.screenshot();
  const side = await panel.page.screenshot();
  const frame = await browser.context.newPage();
  await frame.setViewportSize(STORE);
  const src = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
  // Chromium mirrors its whole window in a right-to-left language ("the entire UI needs to be mirrored":
  // chromium.org, design documents, UI Mirroring Infrastructure), so the panel sits on the left there: the
  // picture mirrors the same way (the flex row follows `dir`).
  await frame.setContent(
    `<body dir="${textDirection(locale)}" style="margin:0;display:flex;background:#fff"><img src="${src(article)}" style="display:block"><img src="${src(side)}" style="display:block;border-inline-start:1px solid #c9cdd4;margin-inline-start:-1px"></body>`,
  );
  await frame
    .locator('img')
    .last()
    .evaluate((img: HTMLImageElement) => img.decode());
  await shoot(frame, `${storeDir}/1-side-panel.png`);
} finally {
  await browser.close();
  await world.close();
}
