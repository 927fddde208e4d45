/** The rules of the boilerplate cleanup on small hand-written pages, one kind of furniture at a time. */
import { describe, expect, it } from 'vitest';

import { furnitureReason } from '../../../../lib/extract/boilerplate-text';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';

const PAGE_URL = 'https://news.example/2024/05/bridge';
const STORY = [
  'The new bridge over the river will open in May, two years after work began, the city council said on Tuesday.',
  'Engineers finished the last span in March and load tests passed last week, according to the transport office.',
  'The project cost 48 million euros, about six million more than planned, mostly because of steel prices.',
  'Residents on both banks have waited for the crossing since the old ferry stopped running in 2019.',
];

function page(extra: string): string {
  const paragraphs = STORY.map((p) => `<p>${p}</p>`).join('\n');
  return `<html lang="en"><head><title>Bridge opens in May</title></head><body>
    <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
    <article><h1>Bridge opens in May</h1>${paragraphs}${extra}</article>
    <footer><p>© 2024 News Example. All rights reserved.</p></footer></body></html>`;
}

async function extractText(extra: string): Promise<string> {
  const article = await createLinkedomExtractor().extract(page(extra), PAGE_URL);
  if (!article) throw new Error('no article');
  for (const sentence of STORY) expect(article.text).toContain(sentence);
  return article.text;
}

describe('boilerplate cleanup', () => {
  it('drops captions, share bars, newsletter boxes and navigation', async () => {
    const text = await extractText(`
      <figure><img src="/b.jpg"><figcaption>The bridge at dusk. Photo: Jane Roe</figcaption></figure>
      <div class="social-share"><span>Share on Facebook</span> <span>Share on X</span></div>
      <div class="newsletterSignup"><p>Get our daily briefing in your inbox every morning, free of charge.</p></div>
      <p class="visually-hidden">Continue reading the main story</p>`);
    for (const gone of [
      'The bridge at dusk',
      'Share on',
      'daily briefing',
      'Continue reading',
      'Home',
      'All rights reserved',
    ]) {
      expect(text).not.toContain(gone);
    }
  });

  it('drops lists of links to the same site with their label, but keeps links to other sites', async () => {
    const text = await extractText(`
      <p>More:</p>
      <ul><li><a href="/2024/05/tram">Tram line delayed again</a></li><li><a href="https://news.example/2024/04/budget">Council passes budget</a></li></ul>
      <p>Related: <a href="/2024/03/ferry">The last ferry crossing</a></p>
      <ul><li><a href="https://shop.example/helmet">Bike helmet, 39 euros</a></li><li><a href="https://other.example/lights">Bike lights, 25 euros</a></li></ul>`);
    for (const gone of ['More:', 'Tram line', 'Council passes', 'last ferry']) expect(text).not.toContain(gone);
    expect(text).toContain('Bike helmet, 39 euros');
    expect(text).toContain('Bike lights, 25 euros');
  });

  it('keeps embedded posts the article quotes, and keeps the article when its own wrapper has a boilerplate class', async () => {
    const embed =
      '<div class="social-media-embed"><blockquote>The mayor wrote: see you on the bridge on the first of May, everyone!</blockquote></div>';
    expect(await extractText(embed)).toContain('see you on the bridge');
    const wrapped = page('').replace('<article>', '<article class="post tag-bridges url-breadcrumb">');
    const article = await createLinkedomExtractor().extract(wrapped, PAGE_URL);
    expect(article?.text).toContain(STORY[2]);
  });

  it('recognises furniture by its wording only in short blocks', () => {
    expect(furnitureReason('Photo: Jane Roe, AP')).not.toBeNull();
    expect(furnitureReason('Updated 3:27 am PST, Wednesday, November 20, 2019')).toBe('date line');
    expect(furnitureReason('Subscribe to our newsletter for the latest updates.')).toBe('promotion');
    expect(furnitureReason("DON'T MISS")).toBe('label');
    expect(furnitureReason('Image 1 of 23')).toBe('credit');
    expect(furnitureReason('https://news.example/2024/05/bridge')).toBe('bare url');
    expect(
      furnitureReason(
        'The council said the newsletter it sends to residents would explain the new bus routes, the ferry timetable and the parking rules near the bridge.',
      ),
    ).toBeNull();
    expect(furnitureReason('Prices rose 4 percent in April.')).toBeNull();
  });
});
