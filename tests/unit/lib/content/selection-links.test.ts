// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';

import { linksInRange } from '../../../../lib/content/selection-links';

afterEach(() => {
  document.body.replaceChildren();
});

function select(html: string, from: string, to: string): { range: Range; text: string } {
  document.body.replaceChildren(...Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes));
  const range = document.createRange();
  range.setStartBefore(document.querySelector(from)!);
  range.setEndAfter(document.querySelector(to)!);
  return { range, text: range.toString() };
}

describe('links inside a selection', () => {
  it('lists the http(s) links the selection covers, each at its words in the captured text', () => {
    const { range, text } = select(
      '<p id="a">Curie won two prizes (<a href="https://bio.example/curie">her biography</a>). See <a href="mailto:x@example.org">mail</a>.</p><p id="b">Everest is high (<a href="https://peaks.example/everest#top">facts</a>).</p><p id="c"><a href="https://outside.example/">outside</a></p>',
      '#a',
      '#b',
    );
    const links = linksInRange(range, text);
    expect(links.map((link) => [link.url, text.slice(link.start, link.end)])).toEqual([
      ['https://bio.example/curie', 'her biography'],
      ['https://peaks.example/everest#top', 'facts'],
    ]);
  });

  it('cleans each URL as reply citations are: tracking parameters dropped, a text fragment read as the quote', () => {
    const { range, text } = select(
      '<p id="a">Curie won (<a href="https://bio.example/curie?utm_source=news&amp;id=7&amp;fbclid=abc">bio</a>, <a href="/prizes#:~:text=two%20prizes">prizes</a>, <a href="javascript:alert(1)">run</a>).</p>',
      '#a',
      '#a',
    );
    expect(linksInRange(range, text)).toEqual([
      { url: 'https://bio.example/curie?id=7', start: 11, end: 14, title: 'bio' },
      { url: new URL('/prizes', document.baseURI).href, start: 16, end: 22, title: 'prizes', quote: 'two prizes' },
    ]);
  });

  it('keeps a link whose words are not in the text, without a position', () => {
    const { range } = select('<p id="a">A claim <a href="https://x.example/">source</a>.</p>', '#a', '#a');
    expect(linksInRange(range, 'A claim.')).toEqual([
      { url: 'https://x.example/', start: -1, end: -1, title: 'source' },
    ]);
  });
});
