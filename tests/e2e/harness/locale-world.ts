/**
 * What the Chromium and Firefox interface-language tests (tests/e2e/locale.test.ts,
 * tests/e2e/firefox/locale.test.ts) share: the fact world with an English page holding one myth, and how a
 * page says its language and direction.
 */
import { type FactWorld, startFactWorld } from '../../../scripts/lib/servers';
import type { DriverPage } from './driver';

/** An English sentence the world's model refutes: checked in the side panel and on the page below. */
export const WALL = 'The Great Wall of China is visible from the Moon with the naked eye.';

/** The fact world, plus the English page `/wall` on the "eiffel" site whose one paragraph is {@link WALL}. */
export async function startLocaleWorld(): Promise<FactWorld> {
  const world = await startFactWorld();
  world.sites.get('eiffel')!.route('/wall', {
    body: `<!doctype html><html lang="en"><head><title>Wall</title></head><body><article><p>${WALL}</p></article></body></html>`,
  });
  return world;
}

/** The root element's `lang` and `dir`, and the direction the body is actually laid out in. */
export function rootLanguage(page: DriverPage): Promise<string[]> {
  return page.evaluate(
    () => [document.documentElement.lang, document.documentElement.dir, getComputedStyle(document.body).direction],
    undefined,
  );
}
