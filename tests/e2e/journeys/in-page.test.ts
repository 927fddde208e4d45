import { describe, expect, it } from 'vitest';

import { driverBrowserName, type DriverPage } from '../harness/driver';
import {
  ALL_HIGHLIGHT_NAMES,
  byTestId,
  DriverOptionsPage,
  DriverSidePanel,
  pressCheckButton,
} from '../harness/journey-pages';
import { useJourneyWorld } from '../harness/journey-world';

const EIFFEL_SENTENCE =
  "It was designed by the engineering company of Gustave Eiffel and completed in 1889 as the centrepiece of the World's Fair.";

/** Every range registered in our named highlights, as "name: text", read from the page itself. */
function drawnHighlights(page: DriverPage): Promise<string[]> {
  return page.evaluate(
    (names) =>
      names.flatMap((name) =>
        [...(CSS.highlights.get(name) ?? [])].map((range) => `${name}: ${(range as Range).toString()}`),
      ),
    ALL_HIGHLIGHT_NAMES,
  );
}

function highlightCount(page: DriverPage): Promise<number> {
  return page.evaluate(
    (names) => names.reduce((n, name) => n + (CSS.highlights.get(name)?.size ?? 0), 0),
    ALL_HIGHLIGHT_NAMES,
  );
}

/** The character before which a capture's position was refused whole until MAX_PAGE_OFFSET (lib/messaging). */
const OLD_OFFSET_LIMIT = 200_000;

/**
 * A page whose text before its last paragraph is longer than OLD_OFFSET_LIMIT: distinct notes, ten to a paragraph,
 * then the Eiffel sentence the fact world can judge, in a paragraph of its own.
 */
function deepPage(): string {
  const sentences: string[] = [];
  for (let i = 1; sentences.join(' ').length < OLD_OFFSET_LIMIT + 20_000; i++)
    sentences.push(`Note ${i} says the old river flows past the market and the cathedral on its way to the sea.`);
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 10) paragraphs.push(`<p>${sentences.slice(i, i + 10).join(' ')}</p>`);
  return `<!doctype html><title>Deep</title><article>${paragraphs.join('\n')}\n<p id="deep">${EIFFEL_SENTENCE}</p></article>`;
}

/**
 * Checking text where it is read: select it in a loopback page, press the floating button, see the
 * highlights drawn there with the CSS Custom Highlight API. The same journeys in Chromium and Firefox.
 */
describe(`in-page journeys (${driverBrowserName()})`, () => {
  const journey = useJourneyWorld();
  const configured = () => journey.configured();

  it('checks a selected paragraph with the floating button, highlights it in place, and opens a card on click', async () => {
    const driver = await configured();
    const page = await driver.openPage(`${journey.world.sites.get('eiffel')!.origin}/eiffel`);
    const paragraph = 'article p:nth-of-type(2)';
    await page.click(paragraph, { clickCount: 3 }); // a person selects the paragraph
    await pressCheckButton(page);

    // The check runs in the background; its span is drawn over exactly its sentence.
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    expect(await drawnHighlights(page)).toEqual([`factlight-green: ${EIFFEL_SENTENCE}`]);
    // The page's own DOM is untouched: no element was wrapped around the text.
    expect(await page.evaluate((selector) => document.querySelector(selector)!.children.length, paragraph)).toBe(0);

    const panel = await DriverSidePanel.open(driver);
    await panel.openLatestFromHistory();
    expect(await panel.overallScore()).toMatch(/1 of 1 claim checked/);

    const point = await page.evaluate(() => {
      const rect = ([...CSS.highlights.get('factlight-green')!][0] as Range).getClientRects()[0]!;
      return { x: rect.left + 5, y: rect.top + rect.height / 2 };
    }, undefined);
    await page.clickAt(point.x, point.y);
    await page.waitFor(byTestId('factlight-card'));
    expect(await page.text(byTestId('factlight-card'))).toContain('Supported');
  });

  it('checks a paragraph selected past the 200,000th character of a long page, and highlights it there', async () => {
    const driver = await configured();
    const site = journey.world.sites.get('everest')!;
    site.route('/deep', { body: deepPage() });
    const page = await driver.openPage(site.url('/deep'));
    // The page's text before the paragraph is longer than a capture's position could once be.
    const before = await page.evaluate(() => {
      const range = document.createRange();
      range.setStart(document.body, 0);
      range.setEndBefore(document.getElementById('deep')!);
      return range.toString().length;
    }, undefined);
    expect(before).toBeGreaterThan(OLD_OFFSET_LIMIT);

    // A person scrolls to the end, selects the paragraph and presses the button.
    await page.click('#deep', { clickCount: 3 });
    await pressCheckButton(page);

    // The check is drawn over exactly its sentence, in that paragraph, and nothing was said at the selection instead
    // (a refused check says why there, at once).
    await page.waitForFunction(
      () =>
        (CSS.highlights.get('factlight-green')?.size ?? 0) > 0 ||
        [...document.querySelectorAll('factlight-ui')].some((host) =>
          host.shadowRoot?.querySelector('[data-testid="factlight-notice"]'),
        ),
      undefined,
      { timeout: 30_000 },
    );
    const notice = byTestId('factlight-notice');
    expect((await page.count(notice)) > 0 ? await page.text(notice) : 'no notice').toBe('no notice');
    expect(await drawnHighlights(page)).toEqual([`factlight-green: ${EIFFEL_SENTENCE}`]);
    const inParagraph = await page.evaluate((names) => {
      const deep = document.getElementById('deep')!;
      return names.flatMap((name) =>
        [...(CSS.highlights.get(name) ?? [])].map(
          (range) => deep.contains((range as Range).startContainer) && deep.contains((range as Range).endContainer),
        ),
      );
    }, ALL_HIGHLIGHT_NAMES);
    expect(inParagraph).toEqual([true]);

    // The side panel shows the result: the paragraph checked, its claim supported.
    const panel = await DriverSidePanel.open(driver);
    await panel.openLatestFromHistory();
    expect(await panel.overallScore()).toMatch(/1 of 1 claim checked/);
    expect(await panel.page.text(byTestId('headline'))).toMatch(/1 supported$/);
    expect(await panel.page.texts(byTestId('sentence'))).toEqual([EIFFEL_SENTENCE]);
    expect(await panel.bands()).toEqual(['green']);
  });

  it('keeps highlights on the text when the page re-renders it and when the window narrows, until cleared', async () => {
    const driver = await configured();
    const page = await driver.openPage(`${journey.world.sites.get('eiffel')!.origin}/eiffel`);
    await page.click('article p:nth-of-type(2)', { clickCount: 3 });
    await pressCheckButton(page);
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    // Wait for the finished check's last push, so the re-render below is not raced by a redraw.
    const panel = await DriverSidePanel.open(driver);
    await panel.openLatestFromHistory();

    // The site re-renders the paragraph as a framework would: a new node with the same text.
    await page.evaluate(() => {
      const old = document.querySelectorAll('article p')[1]!;
      const fresh = old.cloneNode(true) as Element;
      fresh.setAttribute('data-rerendered', '');
      old.replaceWith(fresh);
    }, undefined);
    const drawnIn = () =>
      page.evaluate((names) => {
        const fresh = document.querySelector('article p[data-rerendered]')!;
        return names.flatMap((name) =>
          [...(CSS.highlights.get(name) ?? [])].map(
            (r) =>
              `${name} ${fresh.contains((r as Range).startContainer) && fresh.contains((r as Range).endContainer) ? 'new' : 'stale'}: ${(r as Range).toString()}`,
          ),
        );
      }, ALL_HIGHLIGHT_NAMES);
    await expect.poll(drawnIn).toEqual([`factlight-green new: ${EIFFEL_SENTENCE}`]);

    // A narrower window re-wraps the text: the highlight stays, and is still found where it now is.
    const lastLine = () =>
      page.evaluate(() => {
        const rects = ([...CSS.highlights.get('factlight-green')!][0] as Range).getClientRects();
        const last = rects[rects.length - 1]!;
        return { lines: rects.length, x: last.left + 5, y: last.top + last.height / 2 };
      }, undefined);
    const wide = await lastLine();
    await page.resize(360, 800);
    expect(await drawnIn()).toEqual([`factlight-green new: ${EIFFEL_SENTENCE}`]);
    const narrow = await lastLine();
    expect(narrow.lines).toBeGreaterThan(wide.lines);
    await page.clickAt(narrow.x, narrow.y);
    expect(await page.text(byTestId('factlight-card'))).toContain('Supported');

    await panel.page.click(byTestId('clear-highlights'));
    await page.waitForFunction(
      (names) => names.every((name) => (CSS.highlights.get(name)?.size ?? 0) === 0),
      ALL_HIGHLIGHT_NAMES,
    );
    await page.waitFor(byTestId('factlight-card'), { state: 'detached' });
  });

  it('scrolls the page to a claim chosen in the side panel, and clears the highlights', async () => {
    const driver = await configured();
    const site = journey.world.sites.get('everest')!;
    site.route('/long', {
      body: '<!doctype html><title>Everest</title><article><div style="height:3000px">Intro.</div><p>Mount Everest is the highest mountain on Earth, at 8,849 metres.</p><div style="height:3000px"></div></article>',
    });
    const page = await driver.openPage(site.url('/long'));
    await page.click('article p', { clickCount: 3 });
    await pressCheckButton(page);
    await page.waitForFunction(
      (names) => names.reduce((n, name) => n + (CSS.highlights.get(name)?.size ?? 0), 0) === 2,
      ALL_HIGHLIGHT_NAMES,
      { timeout: 30_000 },
    );
    await page.evaluate(() => window.scrollTo(0, 0), undefined);

    const panel = await DriverSidePanel.open(driver);
    await panel.openLatestFromHistory();
    await panel.page.click(byTestId('span'));
    await panel.page.click(byTestId('reveal-claim'));
    await page.waitForFunction(() => window.scrollY > 2000, undefined);

    await panel.page.click(byTestId('clear-highlights'));
    await page.waitForFunction(
      (names) => names.every((name) => (CSS.highlights.get(name)?.size ?? 0) === 0),
      ALL_HIGHLIGHT_NAMES,
    );
    expect(await highlightCount(page)).toBe(0);
  });

  it('shows no floating button on a site the user turned it off for', async () => {
    const driver = await configured();
    const options = await DriverOptionsPage.open(driver);
    await options.page.fill(byTestId('floating-button-off-sites'), '127.0.0.3');
    expect(await options.save()).toBe('Settings saved.');
    const off = await driver.openPage(`${journey.world.sites.get('everest')!.origin}/everest`);
    await off.click('article p', { clickCount: 3 });
    await off.waitForFunction(() => (document.getSelection()?.toString().length ?? 0) > 0, undefined);
    // The script asks the background once; once another page has its button, that answer has arrived here too.
    const on = await driver.openPage(`${journey.world.sites.get('eiffel')!.origin}/eiffel`);
    await on.click('article p', { clickCount: 3 });
    await on.waitFor(byTestId('factlight-check-selection'));
    expect(await off.count('factlight-ui[data-factlight="check-selection"]')).toBe(0);
  });
});
