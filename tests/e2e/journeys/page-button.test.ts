import { describe, expect, it } from 'vitest';

import { DATABASE_NAME } from '../../../lib/db/schema';
import { driverBrowserName, type DriverPage } from '../harness/driver';
import { byTestId, extensionIdFromPage, pressCheckButton } from '../harness/journey-pages';
import { useJourneyWorld } from '../harness/journey-world';

const EIFFEL_SENTENCE =
  "It was designed by the engineering company of Gustave Eiffel and completed in 1889 as the centrepiece of the World's Fair.";

/** A page of about 60,000 characters of distinct sentences, ten to a paragraph. */
function longArticle(): string {
  const sentences: string[] = [];
  for (let i = 1; sentences.join(' ').length < 60_000; i++)
    sentences.push(`Note ${i} says the old river flows past the market and the cathedral on its way to the sea.`);
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 10) paragraphs.push(`<p>${sentences.slice(i, i + 10).join(' ')}</p>`);
  return `<!doctype html><title>Long</title><article>${paragraphs.join('')}</article>`;
}

/** Texts of the checks started from a page's selection, as the background stored them (read in an extension page). */
function selectionCheckTexts(extensionPage: DriverPage): Promise<string[]> {
  return extensionPage.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('checks').objectStore('checks').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            const rows = all.result as Array<{ origin: string; text: string }>;
            open.result.close();
            resolve(rows.filter((row) => row.origin === 'selection').map((row) => row.text));
          };
        };
      }),
    DATABASE_NAME,
  );
}

/** Whether the floating button is shown (its host is not display: none), as the page sees it. */
const buttonShown = (page: DriverPage) =>
  page.evaluate(() => {
    const host = document.querySelector('factlight-ui[data-factlight="check-selection"]') as HTMLElement | null;
    return Boolean(host && host.style.display !== 'none');
  }, undefined);

/**
 * The page's floating button answers every press where it was pressed (progress, or why not with what can be
 * done), and only the reader's own gestures reach it. The same journeys in Chromium and Firefox.
 */
describe(`the page's Fact-check button (${driverBrowserName()})`, () => {
  const journey = useJourneyWorld();
  const configured = () => journey.configured();

  it('says a 60,000-character selection is over the limit, and its offer checks the first 50,000 characters', async () => {
    const driver = await configured();
    const site = journey.world.sites.get('everest')!;
    site.route('/long', { body: longArticle() });
    const page = await driver.openPage(site.url('/long'));
    // A person selects the whole page from the keyboard: Ctrl+A gets the button too.
    await page.click('article p');
    await page.press('Control+KeyA');
    const selected = await page.evaluate(() => document.getSelection()!.toString(), undefined);
    expect(selected.length).toBeGreaterThan(60_000);
    await pressCheckButton(page);

    // At the selection: the refusal with the limit, and the offer (nothing is lost: the selection stays).
    await page.waitFor(byTestId('factlight-notice'));
    expect(await page.text(`${byTestId('factlight-notice')} p`)).toMatch(
      /too long to check at once \(6\d,\d{3} characters; the limit is 50,000\)/,
    );
    expect(await page.text(byTestId('factlight-notice-offer'))).toBe('Check the first 50,000 characters');
    expect(await page.evaluate(() => document.getSelection()!.toString().length, undefined)).toBe(selected.length);
    await page.click(`${byTestId('factlight-notice-offer')}:not([aria-disabled])`);
    await page.waitFor(byTestId('factlight-progress'));

    // The check started with whole sentences from the start of the selection, no more than the limit.
    const panel = await driver.openExtensionPage('sidepanel.html');
    await expect.poll(() => selectionCheckTexts(panel), { timeout: 30_000 }).toHaveLength(1);
    const [text] = await selectionCheckTexts(panel);
    expect(text!.length).toBeLessThanOrEqual(50_000);
    expect(text!.length).toBeGreaterThan(49_800);
    expect(text).toMatch(/^Note 1 says the old river/);
    expect(text).toMatch(/on its way to the sea\.$/);
    expect(selected.startsWith(text!)).toBe(true);
  });

  it("shows no button for the page's own mouseup and keyup, and a click on a button the page hid starts nothing", async () => {
    const driver = await configured();
    const page = await driver.openPage(`${journey.world.sites.get('eiffel')!.origin}/eiffel`);
    // The person selects a paragraph (the button answers), then clicks away (it goes).
    await page.click('article p:nth-of-type(2)', { clickCount: 3 });
    await page.waitFor(byTestId('factlight-check-selection'));
    await page.clickAt(2, 2);
    await page.waitForFunction(
      () =>
        (document.querySelector('factlight-ui[data-factlight="check-selection"]') as HTMLElement).style.display ===
        'none',
      undefined,
    );

    // The page selects its own text and fakes the events that would bring the button up.
    const shownAfterFakes = await page.evaluate(async () => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('article p')!);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      document.body.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      document.body.dispatchEvent(new KeyboardEvent('keyup', { key: 'Shift', shiftKey: true, bubbles: true }));
      // One task later every answer to those events has run (the settings were read above already).
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
      const host = document.querySelector('factlight-ui[data-factlight="check-selection"]') as HTMLElement;
      return host.style.display !== 'none';
    }, undefined);
    expect(shownAfterFakes).toBe(false);

    // The person selects again; the page makes the button invisible under the person's next click.
    await page.click('article p:nth-of-type(2)', { clickCount: 3 });
    await page.waitFor(`${byTestId('factlight-check-selection')}:not([aria-disabled])`);
    const centre = await page.evaluate(() => {
      const host = document.querySelector('factlight-ui[data-factlight="check-selection"]') as HTMLElement;
      host.style.opacity = '0';
      const rect = host.shadowRoot!.querySelector('button')!.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    }, undefined);
    await page.clickAt(centre.x, centre.y);
    // Not pressed: it is still there, and nothing shows a check starting.
    expect(await buttonShown(page)).toBe(true);
    expect(await page.count(byTestId('factlight-progress'))).toBe(0);

    // Seen, the same button works: progress at once, then the highlight.
    await page.evaluate(() => {
      (document.querySelector('factlight-ui[data-factlight="check-selection"]') as HTMLElement).style.opacity = '';
    }, undefined);
    await page.clickAt(centre.x, centre.y);
    await page.waitFor(byTestId('factlight-progress'));
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    await page.waitFor(byTestId('factlight-progress'), { state: 'detached' });
    const panel = await driver.openExtensionPage('sidepanel.html');
    expect(await selectionCheckTexts(panel)).toEqual([expect.stringContaining(EIFFEL_SENTENCE)]);
  });

  it("still offers the button after the page forges WXT's content-script-started event", async () => {
    const driver = await configured();
    // The page is assumed to know our id (it is public); the test reads it from one of our own pages.
    const id = await extensionIdFromPage(driver);
    expect(id).not.toBe('');
    const page = await driver.openPage(`${journey.world.sites.get('eiffel')!.origin}/eiffel`);
    // The event WXT's context listens for (wxt/dist/utils/content-script-context.mjs), as a page can make it.
    await page.evaluate((extensionId) => {
      document.dispatchEvent(
        new CustomEvent(`${extensionId}:content:wxt:content-script-started`, {
          detail: { contentScriptName: 'content', messageId: 'forged-by-the-page' },
        }),
      );
    }, id);
    await page.click('article p:nth-of-type(2)', { clickCount: 3 });
    await pressCheckButton(page);
    await page.waitFor(byTestId('factlight-progress'));
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
  });

  it('has the button on a page whose parsing a slow script holds up, and checks the text there', async () => {
    const driver = await configured();
    const site = journey.world.sites.get('eiffel')!;
    // The text is readable, then a synchronous script that never arrives holds the parser: no
    // DOMContentLoaded, no load, readyState stays "loading" (as a page with a slow ad script, for a while).
    site.route('/held', {
      body: `<!doctype html><title>Eiffel</title><article><p>${EIFFEL_SENTENCE}</p></article><script src="/held.js"></script><p>Below.</p>`,
    });
    site.faults.always({ kind: 'hang' }, { pathPrefix: '/held.js' });
    try {
      const page = await driver.openPage(site.url('/held'), { whileLoading: true });
      await page.waitFor('article p');
      const readyState = () => page.evaluate(() => document.readyState, undefined);
      expect(await readyState()).toBe('loading');

      await page.click('article p', { clickCount: 3 });
      await pressCheckButton(page);
      await page.waitFor(byTestId('factlight-progress'));
      await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
        timeout: 30_000,
      });
      // All of it while the page was still loading.
      expect(await readyState()).toBe('loading');
    } finally {
      site.faults.always(null, { pathPrefix: '/held.js' });
    }
  });

  it('reaches a highlight from the keyboard, opens its card with Enter, and Escape gives focus back', async () => {
    const driver = await configured();
    const site = journey.world.sites.get('eiffel')!;
    site.route('/keys', {
      body: `<!doctype html><title>Eiffel</title><button id="before">Before</button><article><p>${EIFFEL_SENTENCE}</p></article>`,
    });
    const page = await driver.openPage(site.url('/keys'));
    await page.click('article p', { clickCount: 3 });
    await pressCheckButton(page);
    await page.waitForFunction(() => (CSS.highlights.get('factlight-green')?.size ?? 0) > 0, undefined, {
      timeout: 30_000,
    });

    // Focus is on the page's button; the shortcut reaches the highlight and says which it is.
    await page.click('#before');
    await page.press('Alt+Shift+KeyN');
    await page.waitFor(`${byTestId('factlight-focus-ring')}:not([hidden])`);
    expect(await page.text(byTestId('factlight-announcer'))).toMatch(
      /^Claim 1 of 1: Supported\. “It was designed by the engineering company of Gustave Eiffel/,
    );

    // Enter opens its card (not the page's focused button), with focus in it and a visible ✕.
    await page.press('Enter');
    await page.waitFor(byTestId('factlight-card'));
    expect(await page.text(byTestId('factlight-card'))).toContain('Supported');
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.shadowRoot?.activeElement?.getAttribute('data-testid') ?? active?.id ?? null;
      }, undefined);
    expect(await focused()).toBe('factlight-card');
    expect(await page.text(byTestId('factlight-card-close'))).toBe('✕');
    // The card sits beside the sentence, not over it.
    const overlap = await page.evaluate(() => {
      const card = document.querySelector('factlight-ui[data-factlight="card"]')!.getBoundingClientRect();
      const sentence = ([...CSS.highlights.get('factlight-green')!][0] as Range).getBoundingClientRect();
      return card.top < sentence.bottom && card.bottom > sentence.top;
    }, undefined);
    expect(overlap).toBe(false);

    // Escape closes it and focus is back where it was.
    await page.press('Escape');
    await page.waitFor(byTestId('factlight-card'), { state: 'detached' });
    expect(await focused()).toBe('before');
  });
});
