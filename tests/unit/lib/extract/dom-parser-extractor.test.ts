/**
 * The DOMParser path (Firefox event page, Chrome offscreen document). Node has no DOMParser, so the test
 * installs happy-dom's, from a window that does not try to load the pages' stylesheets and iframes (a real
 * DOMParser document never loads subresources) and whose console stays quiet about skipping them. The
 * same real pages must give the same article as the linkedom path.
 */
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createDomParserExtractor } from '../../../../lib/extract/dom-parser-extractor';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { realPage } from '../../support/real-pages';

const URL_OF_TEST = 'http://fakehost/test/page.html';
const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

let window: Window;
beforeAll(() => {
  const quiet = { ...console, error: () => undefined, warn: () => undefined };
  window = new Window({
    console: quiet,
    settings: { handleDisabledFileLoadingAsSuccess: true, disableIframePageLoading: true },
  });
  vi.stubGlobal('DOMParser', window.DOMParser);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await window.happyDOM.close();
});

// Each test parses a real page twice (happy-dom and linkedom): seconds on a busy machine, not 5.
describe('DOMParser extractor', { timeout: 30_000 }, () => {
  for (const name of ['cnn', 'nytimes-1', 'ars-1']) {
    it(`extracts ${name} like the linkedom extractor`, async () => {
      const { source, metadata } = realPage(name);
      const native = await createDomParserExtractor().extract(source, URL_OF_TEST);
      const linkedom = await createLinkedomExtractor().extract(source, URL_OF_TEST);
      if (!native || !linkedom) throw new Error(`no article extracted from ${name}`);
      expect(native.title).toBe(metadata.title);
      expect(native.byline).toBe(linkedom.byline);
      expect(native.publishedAt).toBe(linkedom.publishedAt);
      // Parsers differ in whitespace details only; the words must be the same.
      expect(squash(native.text)).toBe(squash(linkedom.text));
    });
  }

  it('resolves links against the page, so same-site recirculation is still recognised', async () => {
    const story = `<p>${'The mayor said the new bridge will open in May after two years of work on the river crossing. '.repeat(3)}</p>`;
    const html = `<html><head><title>Bridge</title></head><body><article>${story.repeat(3)}
      <p><a href="/news/other-story">Related: council votes on the budget for next year</a></p></article></body></html>`;
    const article = await createDomParserExtractor().extract(html, 'https://news.example/bridge');
    expect(article?.text).toContain('The mayor said');
    expect(article?.text).not.toContain('council votes');
  });

  it('refuses to be created where there is no DOMParser', () => {
    vi.stubGlobal('DOMParser', undefined);
    expect(() => createDomParserExtractor()).toThrow(/DOMParser is not available/);
    vi.stubGlobal('DOMParser', window.DOMParser);
  });

  it('returns null for a page without an article', async () => {
    const html = '<html><head><title>404</title></head><body><h1>Not Found</h1></body></html>';
    expect(await createDomParserExtractor().extract(html, 'https://news.example/missing')).toBeNull();
  });
});
