/**
 * Loading chat-page fixtures for the adapter tests.
 * - Real captures live in the shared fixture folder next to the repository (../shared/fixtures/chat, see
 *   its README.txt for sources and MIT licences), or wherever FACTLIGHT_CHAT_FIXTURES points. They are
 *   read in place, never copied; when the folder is missing the tests FAIL with instructions (never skip).
 * - Synthetic pages for sites without a real capture are in tests/fixtures/chat/synthetic/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSavedPage } from '../../../scripts/sites';

// Paths from this file's path (a string): under happy-dom the global URL class is happy-dom's, which
// node:url's fileURLToPath does not accept.
const HERE = dirname(fileURLToPath(import.meta.url));
const DEFAULT_SHARED = resolve(HERE, '../../../../shared/fixtures/chat');
const SYNTHETIC = resolve(HERE, '../../fixtures/chat/synthetic');

/** The shared chat fixture folder; throws with instructions when it is not there. */
export function sharedChatFixtureDir(): string {
  const dir = process.env.FACTLIGHT_CHAT_FIXTURES ?? DEFAULT_SHARED;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new Error(
      `Chat fixtures not found at ${dir}. These tests need the saved chat pages from the shared fixture folder ` +
        '(../shared/fixtures/chat next to this repository, with chatgpt/, claude/, gemini/, perplexity/). ' +
        'Check it out there or set FACTLIGHT_CHAT_FIXTURES to its path.',
    );
  }
  return dir;
}

/** Every `.html` fixture in the shared folder, as paths relative to it ("chatgpt/x.html"), sorted. */
export function listSharedChatFixtures(): string[] {
  const root = sharedChatFixtureDir();
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.html')) files.push(relative(root, path).split('\\').join('/'));
    }
  };
  walk(root);
  return files.sort();
}

/** The HTML of a shared fixture; throws a clear error when that file is missing. */
export function readSharedFixture(name: string): string {
  const path = join(sharedChatFixtureDir(), name);
  if (!existsSync(path)) throw new Error(`Chat fixture ${name} is missing from ${sharedChatFixtureDir()}.`);
  return readFileSync(path, 'utf8');
}

/** A shared fixture parsed the way `npm run sites` parses it (linkedom, scripts removed). */
export function loadSharedFixture(name: string): Document {
  return parseSavedPage(readSharedFixture(name));
}

/** The HTML of one of our synthetic pages (tests/fixtures/chat/synthetic/<name>.html). */
export function readSyntheticFixture(name: string): string {
  return readFileSync(join(SYNTHETIC, `${name}.html`), 'utf8');
}

/** Number of non-overlapping occurrences of `needle` in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
