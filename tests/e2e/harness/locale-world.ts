/**
 * What the Chromium and Firefox interface-language tests (tests/e2e/locale.test.ts,
 * tests/e2e/firefox/locale.test.ts) share: the fact world with an English page holding one myth and one too
 * long to check at once, how a page says its language and direction, and the in-page card in a language.
 */
import { expect } from 'vitest';

import type { Catalogue } from '../../../lib/i18n/catalogue';
import { type FactWorld, startFactWorld } from '../../../scripts/lib/servers';
import { messagePattern } from './catalogues';
import type { DriverPage } from './driver';
import { byTestId } from './journey-pages';

/** An English sentence the world's model refutes: checked in the side panel and on the page below. */
export const WALL = 'The Great Wall of China is visible from the Moon with the naked eye.';

/** An English page of about 60,000 characters, over the 50,000 a selection check takes at once. */
function longArticle(): string {
  const sentence = 'The old river flows past the market and the cathedral on its way to the sea.';
  const paragraph = `<p>${Array.from({ length: 10 }, () => sentence).join(' ')}</p>`;
  const paragraphs = Array.from({ length: Math.ceil(60_000 / paragraph.length) }, () => paragraph).join('');
  return `<!doctype html><html lang="en"><head><title>Long</title></head><body><article>${paragraphs}</article></body></html>`;
}

/**
 * The fact world, plus on the "eiffel" site the English page `/wall` whose one paragraph is {@link WALL}, and
 * `/long`, a page too long to check at once (its selection gets the notice, not a check).
 */
export async function startLocaleWorld(): Promise<FactWorld> {
  const world = await startFactWorld();
  const site = world.sites.get('eiffel')!;
  site.route('/wall', {
    body: `<!doctype html><html lang="en"><head><title>Wall</title></head><body><article><p>${WALL}</p></article></body></html>`,
  });
  site.route('/long', { body: longArticle() });
  return world;
}

/** The root element's `lang` and `dir`, and the direction the body is actually laid out in. */
export function rootLanguage(page: DriverPage): Promise<string[]> {
  return page.evaluate(
    () => [document.documentElement.lang, document.documentElement.dir, getComputedStyle(document.body).direction],
    undefined,
  );
}

/**
 * The in-page card of a refuted claim, open in `page`, in `words`' language and direction: its verdict, "open in
 * the side panel", its `lang` and `dir`, its accessible name, its ✕'s name, the line before its top source, and
 * the whole text's headline under the verdict ("Whole text: ✗ 1 refuted"), its words and the headline's.
 */
export async function expectCardInLanguage(
  page: DriverPage,
  words: Catalogue,
  language: { lang: string; dir: 'ltr' | 'rtl' },
): Promise<void> {
  const card = byTestId('factlight-card');
  expect(await page.text(`${card} .verdict`)).toBe(words.verdict_refuted!.message);
  expect(await page.text(`${card} ${byTestId('factlight-card-open-panel')}`)).toBe(words.cardOpenInPanel!.message);
  expect([await page.attribute(card, 'lang'), await page.attribute(card, 'dir')]).toEqual([
    language.lang,
    language.dir,
  ]);
  expect(await page.attribute(card, 'aria-label')).toBe(
    words.inPageNamed!.message.replace('$NAME$', words.verdict_refuted!.message),
  );
  expect(await page.attribute(byTestId('factlight-card-close'), 'aria-label')).toBe(words.inPageClose!.message);
  // The whole text's line: the message's own words around a headline worded in the language too, no English.
  const summary = await page.text(`${card} ${byTestId('factlight-card-summary')}`);
  expect(summary).toMatch(messagePattern(words.cardWholeText!.message));
  if (language.lang !== 'en') expect(summary).not.toMatch(/[A-Za-z]/);
  const cardText = await page.text(card);
  const stances = [words.cardRefutedBy, words.cardSupportedBy, words.cardSource];
  expect(stances.some((stance) => cardText.includes(stance!.message))).toBe(true);
}
