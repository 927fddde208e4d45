/**
 * The store listing's long description per locale (docs/store/listings/<locale>.txt), pasted into the Chrome
 * Web Store and addons.mozilla.org dashboards; the name and short description come from the package itself
 * (`__MSG_extName__`, `__MSG_extDescription__`, checked by tests/store/packages.test.ts). Every shipped locale
 * has one, it fits the Chrome Web Store's 16,000 characters (a second-hand figure: the dashboard's own page was
 * not in reach; see docs/i18n/README.md), and it says the verdicts in the glossary's words. The store
 * screenshots (`npm run screenshots -- <locale>`) are there for English, Spanish and Arabic (issue 25), at the
 * 1280×800 the Chrome Web Store takes (developer.chrome.com/docs/webstore: 1280×800 or 640×400).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { LOCALES } from '../../lib/i18n/catalogue';
import { readCatalogues } from '../../scripts/i18n/catalogue-rules';
import { pngSize } from '../../scripts/store/store-rules';

const ROOT = resolve(import.meta.dirname, '../..');
const CATALOGUES = readCatalogues(resolve(ROOT, 'public/_locales'));
const listing = (locale: string) => resolve(ROOT, `docs/store/listings/${locale}.txt`);
const VERDICTS = ['supported', 'refuted', 'disputed', 'notEnoughEvidence', 'couldNotCheck'];
/** The store images `npm run screenshots` takes, and the locales that must have them. */
const SCREENSHOTS = ['1-side-panel.png', '2-page-highlights.png'];
const SCREENSHOT_LOCALES = ['en', 'es', 'ar'];
/** Where scripts/screenshots.ts writes a locale's store images: docs/store/ in English, else docs/store/<locale>/. */
const screenshotDir = (locale: string) => resolve(ROOT, locale === 'en' ? 'docs/store' : `docs/store/${locale}`);

describe('store listings', () => {
  it.each(LOCALES)('%s: a long description in the glossary’s words, within the store’s limit', (locale) => {
    expect(existsSync(listing(locale))).toBe(true);
    const text = readFileSync(listing(locale), 'utf8');
    const catalogue = CATALOGUES.get(locale)!;
    expect(text.length).toBeLessThanOrEqual(16_000);
    expect(text).toContain(catalogue.extName!.message);
    const missing = VERDICTS.map((verdict) => catalogue[`verdict_${verdict}`]!.message).filter(
      (word) => !text.includes(word),
    );
    expect(missing).toEqual([]);
  });

  it.each(SCREENSHOT_LOCALES)('%s: store screenshots at 1280×800', (locale) => {
    const sizes = SCREENSHOTS.map((name) => {
      const file = join(screenshotDir(locale), name);
      return existsSync(file) ? pngSize(readFileSync(file)) : `${name} is missing`;
    });
    expect(sizes).toEqual(SCREENSHOTS.map(() => ({ width: 1280, height: 800 })));
  });
});
