/**
 * Access to the real pages of Readability's own test suite, kept in the shared data folder
 * (`/work/shared/data/readability-pages`, see its SOURCE.txt: mozilla/readability test fixtures, third-party
 * content for internal testing only, so they are read in place rather than copied into this repository).
 * Set FACTLIGHT_SHARED_DATA to the `data` folder when it lives elsewhere. A missing folder fails the tests
 * with this explanation; they are never skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// A path, not `new URL(…)`: under happy-dom the global URL is happy-dom's, which node:url rejects.
const DATA = process.env.FACTLIGHT_SHARED_DATA ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/data');
const PAGES = join(DATA, 'readability-pages');

/** One fixture: the saved page and Readability's expected metadata. */
export interface RealPage {
  source: string;
  expectedHtml: string;
  metadata: { title: string; byline: string | null; lang?: string | null; publishedTime?: string | null };
}

/** Loads a page by folder name, or throws an error saying where the data was expected. */
export function realPage(name: string): RealPage {
  const dir = join(PAGES, name);
  if (!existsSync(join(dir, 'source.html'))) {
    throw new Error(
      `Real test page "${name}" not found at ${dir}. These tests need the shared evaluation data ` +
        `(readability-pages from mozilla/readability); set FACTLIGHT_SHARED_DATA to the folder that holds it.`,
    );
  }
  return {
    source: readFileSync(join(dir, 'source.html'), 'utf8'),
    expectedHtml: readFileSync(join(dir, 'expected.html'), 'utf8'),
    metadata: JSON.parse(readFileSync(join(dir, 'expected-metadata.json'), 'utf8')) as RealPage['metadata'],
  };
}
