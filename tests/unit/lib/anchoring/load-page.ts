/**
 * Real pages for the anchoring tests, kept in this repository:
 * - `tests/fixtures/readability-pages/<name>/source.html`: mozilla/readability's saved news, blog and
 *   Wikipedia pages (see SOURCE.txt there).
 * - `tests/fixtures/chat/<site>/<file>`: saved chatbot pages (see SOURCE.txt there).
 * A missing file fails the test with its path; the tests are never skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CHAT_FIXTURES } from '../../support/chat-fixtures';
import { READABILITY_PAGES } from '../../support/real-pages';

function readFixture(path: string, what: string): string {
  if (!existsSync(path)) throw new Error(`${what} not found at ${path} (see SOURCE.txt in its fixture folder).`);
  return readFileSync(path, 'utf8');
}

/**
 * Scripts are removed (saved pages must not run), and <link>/<iframe> too, because happy-dom would try
 * to fetch them. Everything else, including <style> and <noscript>, stays: the index must skip those.
 */
function stripActive(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script\s*>/giu, '')
    .replace(/<link\b[^>]*>/giu, '')
    .replace(/<iframe\b[\s\S]*?<\/iframe\s*>/giu, '');
}

/**
 * Puts a saved page's body into the test's global document (so Selection works) and returns the body.
 * Parsed by DOMParser and moved node by node, rather than assigned as HTML.
 */
function mount(html: string): HTMLElement {
  const parsed = new DOMParser().parseFromString(stripActive(html), 'text/html');
  const nodes = Array.from(parsed.body.childNodes).map((node) => document.adoptNode(node));
  document.body.replaceChildren(...nodes);
  return document.body;
}

/** Mounts `readability-pages/<name>/source.html` and returns the body. */
export function mountReadabilityPage(name: string): HTMLElement {
  return mount(readFixture(join(READABILITY_PAGES, name, 'source.html'), `Real test page "${name}"`));
}

/** Mounts a saved chatbot page, e.g. `chatgpt/obsidian-ai-exporter--chat-simple.html`. */
export function mountChatPage(path: string): HTMLElement {
  return mount(readFixture(join(CHAT_FIXTURES, path), `Chat page fixture "${path}"`));
}

/** Whitespace runs collapsed, for comparing text across re-flowed pages. */
export function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Deterministic pseudo-random numbers, so sampled ranges are the same on every run. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const HIDDEN =
  'script, style, noscript, template, textarea, select, [hidden], [style*="display: none"], [style*="display:none"]';

/**
 * A Range over a stretch of `element`'s text from a word start to a word end, built with plain DOM calls
 * on its text nodes (so the test does not rely on the code under test to make it). Null when the element
 * has too little text.
 */
export function sampleRange(element: Element, next: () => number, words: number): Range | null {
  const walker = document.createTreeWalker(element, 4);
  const points: Array<{ node: Text; offset: number; start: boolean }> = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    // Text the index leaves out (and a browser would not render) is not a place a user selects from.
    if (text.parentElement?.closest(HIDDEN)) continue;
    for (const match of text.data.matchAll(/\S+/gu)) {
      const at = match.index ?? 0;
      points.push({ node: text, offset: at, start: true }, { node: text, offset: at + match[0].length, start: false });
    }
  }
  const starts = points.filter((point) => point.start);
  if (starts.length < words + 2) return null;
  const first = Math.floor(next() * (starts.length - words));
  const from = starts[first];
  const last = starts[first + words - 1];
  const to = last ? points[points.indexOf(last) + 1] : undefined;
  if (!from || !to) return null;
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
}
