/**
 * Access to the real pages of Readability's own test suite, copied into tests/fixtures/readability-pages/
 * (see its SOURCE.txt: mozilla/readability test fixtures, Apache-2.0 repository, third-party page content
 * kept for testing). A missing page fails the test with its path; tests are never skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// A path, not `new URL(…)`: under happy-dom the global URL is happy-dom's, which node:url rejects.
/** tests/fixtures/readability-pages: one folder per page with source.html, expected.html, expected-metadata.json. */
export const READABILITY_PAGES = resolve(dirname(fileURLToPath(import.meta.url)), '../../fixtures/readability-pages');

/** One fixture: the saved page and Readability's expected metadata. */
export interface RealPage {
  source: string;
  expectedHtml: string;
  metadata: { title: string; byline: string | null; lang?: string | null; publishedTime?: string | null };
}

/** Loads a page by folder name, or throws an error saying where it was expected. */
export function realPage(name: string): RealPage {
  const dir = join(READABILITY_PAGES, name);
  if (!existsSync(join(dir, 'source.html'))) {
    throw new Error(
      `Real test page "${name}" not found at ${dir}: copy it from mozilla/readability (see SOURCE.txt there).`,
    );
  }
  return {
    source: readFileSync(join(dir, 'source.html'), 'utf8'),
    expectedHtml: readFileSync(join(dir, 'expected.html'), 'utf8'),
    metadata: JSON.parse(readFileSync(join(dir, 'expected-metadata.json'), 'utf8')) as RealPage['metadata'],
  };
}
