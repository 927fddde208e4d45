/**
 * Article extraction with linkedom (the service worker's path) on real saved pages from Readability's
 * test suite, compared with Readability's expected output, plus the no-article and giant-page cases.
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';

import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { normaliseDate } from '../../../../lib/extract/metadata';
import { realPage } from '../../support/real-pages';

const extractor = createLinkedomExtractor();
const URL_OF_TEST = 'http://fakehost/test/page.html'; // the base URL Readability's own tests use
const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Paragraphs of Readability's expected article, long enough to be prose. */
function expectedParagraphs(expectedHtml: string): string[] {
  const { document } = parseHTML(expectedHtml);
  return Array.from(document.querySelectorAll('p'))
    .map((p) => squash(p.textContent ?? ''))
    .filter((text) => text.length > 40);
}

/** Texts on the source page that must not reach the article: captions and navigation links. */
function furniture(source: string): string[] {
  const { document } = parseHTML(source);
  const captions = Array.from(document.querySelectorAll('figcaption')).map((c) => squash(c.textContent ?? ''));
  const navLinks = Array.from(document.querySelectorAll('nav a')).map((a) => squash(a.textContent ?? ''));
  return [...captions, ...navLinks].filter((text) => text.split(' ').length >= 3);
}

const PAGES: Array<{ name: string; byline?: string; removed?: string[] }> = [
  { name: 'aclu', byline: 'Daniel Kahn Gillmor' },
  { name: 'ars-1', byline: 'Dan Goodin' },
  { name: 'cnn', byline: 'Ahiza Garcia', removed: ["Related: Chicago is America's most segregated city"] },
  {
    name: 'cnet',
    byline: 'Steven Musil',
    removed: ['Facebook CEO Mark Zuckerberg, the man with the acquisition plan.'],
  },
  { name: 'nytimes-1', byline: 'Jeffrey Gettleman' },
  {
    name: 'theverge',
    byline: 'Alex Heath',
    removed: ['Sign up for Command Line', 'We accept credit card, Apple Pay and Google Pay.'],
  },
  { name: 'msn', byline: 'Alex Perry', removed: ['© Provided by Business Insider'] },
  { name: 'medicalnewstoday', byline: 'Ana Sandoiu' },
  { name: 'wikipedia-3' },
  { name: 'yahoo-4' },
];

// Real pages up to 560 kB: seconds per test on a busy machine, not 5.
describe('linkedom extractor on real pages', { timeout: 30_000 }, () => {
  for (const { name, byline, removed = [] } of PAGES) {
    it(`extracts ${name}: title, byline, metadata and the article text without furniture`, async () => {
      const page = realPage(name);
      const article = await extractor.extract(page.source, URL_OF_TEST);
      if (!article) throw new Error(`no article extracted from ${name}`);
      expect(article.title).toBe(page.metadata.title);
      if (byline) expect(article.byline).toContain(byline);
      if (page.metadata.lang) expect(article.lang).toBe(page.metadata.lang);
      if (page.metadata.publishedTime) expect(article.publishedAt).toBe(normaliseDate(page.metadata.publishedTime));

      const text = squash(article.text);
      // Readability keeps some furniture (newsletter boxes, captions) that our cleanup removes on purpose.
      const paragraphs = expectedParagraphs(page.expectedHtml).filter((p) => !removed.some((r) => p.includes(r)));
      const kept = paragraphs.filter((p) => text.includes(p));
      expect(kept.length / paragraphs.length).toBeGreaterThanOrEqual(0.8);
      // Paragraph structure survives as blank-line breaks.
      expect(article.text.split('\n\n').length).toBeGreaterThanOrEqual(Math.min(kept.length, 5));
      for (const boilerplate of [...furniture(page.source), ...removed]) expect(text).not.toContain(boilerplate);
    });
  }

  it('reads the publication date from page metadata', async () => {
    const article = await extractor.extract(realPage('nytimes-1').source, URL_OF_TEST);
    expect(article?.publishedAt).toBe('2017-01-13T05:00:04.000Z');
  });
});

describe('linkedom extractor edge cases', () => {
  it('returns null for pages without an article', async () => {
    const notFound =
      '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>';
    const menu = `<html><body><nav><ul>${'<li><a href="/s">Section</a></li>'.repeat(40)}</ul></nav></body></html>`;
    expect(await extractor.extract(notFound, 'https://example.com/missing')).toBeNull();
    expect(await extractor.extract(menu, 'https://example.com/')).toBeNull();
    expect(await extractor.extract('', 'https://example.com/')).toBeNull();
    expect(await extractor.extract('<p>Just a fragment.</p>', 'https://example.com/')).toBeNull();
  });

  it('parses only the first part of a giant page', async () => {
    const paragraph = `<p>${'The council approved the budget after a long debate about roads, schools and parks. '.repeat(4)}</p>`;
    const head = `<html><head><title>Budget</title></head><body><article>${paragraph.repeat(6)}</article>`;
    const tail = '<p>Filler text that must never reach the parser because it lies beyond the cap.</p>'.repeat(250_000);
    const html = `${head}${tail}</body></html>`; // ~20 MB
    const capped = createLinkedomExtractor({ maxHtmlChars: head.length + 2_000 });
    const article = await capped.extract(html, 'https://example.com/budget');
    expect(article?.text).toContain('The council approved the budget');
    expect(article?.text.match(/Filler text/g)?.length ?? 0).toBeLessThanOrEqual(2_000 / 80);
  });
});
