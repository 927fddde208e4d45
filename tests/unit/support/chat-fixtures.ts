/**
 * Loading chat-page fixtures for the adapter tests, all kept in this repository:
 * - Saved captures in tests/fixtures/chat/<site>/ (see SOURCE.txt there for sources and MIT licences).
 * - Synthetic pages for sites without a real capture in tests/fixtures/chat/synthetic/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseSavedPage } from '../../../scripts/sites';

// Paths from this file's path (a string): under happy-dom the global URL class is happy-dom's, which
// node:url's fileURLToPath does not accept.
const HERE = dirname(fileURLToPath(import.meta.url));
/** tests/fixtures/chat: one folder per site with saved pages, plus synthetic/. */
export const CHAT_FIXTURES = resolve(HERE, '../../fixtures/chat');
const SYNTHETIC = join(CHAT_FIXTURES, 'synthetic');

/** Every saved `.html` page (synthetic/ aside), as paths relative to the folder ("chatgpt/x.html"), sorted. */
export function listSavedChatFixtures(): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (path === SYNTHETIC) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.html')) files.push(relative(CHAT_FIXTURES, path).split('\\').join('/'));
    }
  };
  walk(CHAT_FIXTURES);
  return files.sort();
}

/** Every synthetic page, as paths relative to tests/fixtures/chat ("synthetic/grok.html"), sorted. */
export function listSyntheticChatFixtures(): string[] {
  return readdirSync(SYNTHETIC)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => `synthetic/${name}`);
}

/** The HTML of a saved page, e.g. `claude/obsidian-ai-exporter--chat-simple.html`; throws when it is missing. */
export function readChatFixture(name: string): string {
  const path = join(CHAT_FIXTURES, name);
  if (!existsSync(path)) throw new Error(`Chat fixture ${name} is missing from ${CHAT_FIXTURES}.`);
  return readFileSync(path, 'utf8');
}

/** A saved page parsed the way `npm run sites` parses it (linkedom, scripts removed). */
export function loadChatFixture(name: string): Document {
  return parseSavedPage(readChatFixture(name));
}

/** The HTML of one of our synthetic pages (tests/fixtures/chat/synthetic/<name>.html). */
export function readSyntheticFixture(name: string): string {
  return readFileSync(join(SYNTHETIC, `${name}.html`), 'utf8');
}

/** Number of non-overlapping occurrences of `needle` in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
