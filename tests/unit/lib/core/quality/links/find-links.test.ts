import { describe, expect, it } from 'vitest';

import { doiFromUrl, doiUrl } from '../../../../../../lib/core/quality/links/doi';
import { findLinks, normaliseLinkUrl } from '../../../../../../lib/core/quality/links/find-links';
import { splitSentences } from '../../../../../../lib/core/text/sentences';

/** The links of `text` with the check's own sentence splitter, as the pipeline will call it. */
function links(text: string, citations?: Parameters<typeof findLinks>[2]) {
  const sentences = splitSentences(text, 'en');
  return { sentences, links: findLinks(text, sentences, citations) };
}

/** What the text says at a link's span. */
const at = (text: string, span: { start: number; end: number } | undefined) =>
  span ? text.slice(span.start, span.end) : undefined;

describe('findLinks', () => {
  it('finds bare URLs and trims the punctuation that ends the sentence around them', () => {
    const text =
      'The tower opened in 1889 (see https://example.org/eiffel). Mercury is a planet, https://en.wikipedia.org/wiki/Mercury_(planet). Ask "https://example.com/q?a=1&b=2"!';
    const { links: found } = links(text);
    expect(found.map((l) => [l.id, l.url, l.sentenceIndex, at(text, l.span)])).toEqual([
      ['l0', 'https://example.org/eiffel', 0, 'https://example.org/eiffel'],
      ['l1', 'https://en.wikipedia.org/wiki/Mercury_(planet)', 1, 'https://en.wikipedia.org/wiki/Mercury_(planet)'],
      ['l2', 'https://example.com/q?a=1&b=2', 2, 'https://example.com/q?a=1&b=2'],
    ]);
    expect(found.every((l) => l.origin === 'text')).toBe(true);
  });

  it('reads markdown links with labels, titles and parentheses, and <url> autolinks, without finding them twice', () => {
    const text =
      'According to [the BBC](https://www.bbc.com/news/a-1 "BBC News"), it rained. Mars has two moons ([NASA](https://nasa.gov/mars_(moons))). See <https://example.org/x.y>.';
    const { links: found } = links(text);
    expect(found.map((l) => [l.url, l.label, l.sentenceIndex])).toEqual([
      ['https://www.bbc.com/news/a-1', 'the BBC', 0],
      ['https://nasa.gov/mars_(moons)', 'NASA', 1],
      // "See <url>." says nothing itself, so it cites for the sentence before it on the same line.
      ['https://example.org/x.y', undefined, 1],
    ]);
    expect(at(text, found[0]!.span)).toBe('[the BBC](https://www.bbc.com/news/a-1 "BBC News")');
    expect(at(text, found[2]!.span)).toBe('https://example.org/x.y');
  });

  it('keeps a URL once per sentence, but once for each sentence that cites it', () => {
    const text =
      'Paris is the capital https://example.org/paris and https://example.org/paris again. Paris has 2.1 million people https://example.org/paris.';
    const { links: found } = links(text);
    expect(found.map((l) => [l.id, l.sentenceIndex])).toEqual([
      ['l0', 0],
      ['l1', 1],
    ]);
    expect(found[0]!.span).toEqual({
      start: text.indexOf('https'),
      end: text.indexOf('https') + 'https://example.org/paris'.length,
    });
  });

  it('turns doi: references and doi.org URLs into https://doi.org links, keeping balanced parentheses of the DOI', () => {
    const text =
      'The trial is described in doi:10.1016/S0140-6736(20)30183-5. A review (http://dx.doi.org/10.1038/nature12373) agrees. Also DOI: 10.1000/xyz123, they say.';
    const { links: found } = links(text);
    expect(found.map((l) => [l.url, l.sentenceIndex, at(text, l.span)])).toEqual([
      ['https://doi.org/10.1016/S0140-6736(20)30183-5', 0, 'doi:10.1016/S0140-6736(20)30183-5'],
      ['https://doi.org/10.1038/nature12373', 1, 'http://dx.doi.org/10.1038/nature12373'],
      ['https://doi.org/10.1000/xyz123', 2, 'DOI: 10.1000/xyz123'],
    ]);
    expect(doiFromUrl('https://doi.org/10.1000/a%23b')).toBe('10.1000/a#b');
    expect(doiUrl('10.1000/a#b')).toBe('https://doi.org/10.1000/a%23b');
    expect(doiFromUrl('https://example.org/10.1000/x')).toBeUndefined();
  });

  it('handles non-ASCII text: UTF-16 offsets after emoji, non-ASCII paths, CJK punctuation ending a URL', () => {
    const text =
      '🎉 Die Straße ist lang https://de.wikipedia.org/wiki/Straße. 东京塔高333米，见https://ja.wikipedia.org/wiki/東京タワー。它建于1958年。';
    const { links: found } = links(text);
    expect(found.map((l) => at(text, l.span))).toEqual([
      'https://de.wikipedia.org/wiki/Straße',
      'https://ja.wikipedia.org/wiki/東京タワー',
    ]);
    expect(found[0]!.url).toBe('https://de.wikipedia.org/wiki/Stra%C3%9Fe');
    expect(found[1]!.url).toBe(new URL('https://ja.wikipedia.org/wiki/東京タワー').href);
    expect(found.map((l) => l.sentenceIndex)).toEqual([0, 1]);
  });

  it('keeps only http(s) links', () => {
    const text =
      'Mail mailto:a@b.org, ftp://files.example.org/x, javascript:alert(1) and file:///etc/passwd are not links here. But http://example.org/ok is.';
    expect(links(text).links.map((l) => l.url)).toEqual(['http://example.org/ok']);
    expect(normaliseLinkUrl('javascript:alert(1)')).toBeUndefined();
    expect(normaliseLinkUrl('https://')).toBeUndefined();
  });

  it('ties "Source: url" to the sentence before it on the same line, and a sources list to no sentence', () => {
    const text =
      'The tower is 330 metres tall. Source: https://example.org/height\n\nSources:\n- [Official site](https://www.toureiffel.paris/en)\n- https://example.org/history';
    const { links: found } = links(text);
    expect(found.map((l) => [l.url, l.sentenceIndex])).toEqual([
      ['https://example.org/height', 0],
      ['https://www.toureiffel.paris/en', null],
      ['https://example.org/history', null],
    ]);
  });

  it('adds reply citations: a pill gets the sentence it follows, a sources-list entry none, a repeat is merged', () => {
    const text = 'The tower is 330 metres tall. It opened in 1889.';
    const afterFirst = text.indexOf('.') + 1;
    const { links: found } = links(text, [
      {
        url: 'https://example.org/height?utm_source=chatgpt.com',
        label: 'example +1',
        start: afterFirst,
        end: afterFirst,
        quote: '330 metres',
      },
      { url: 'https://example.org/opening', start: text.length, end: text.length },
      { url: 'https://example.org/height?utm_source=chatgpt.com', label: 'again', start: afterFirst, end: afterFirst },
      { url: 'https://example.org/opening' }, // the sources list repeats a pill: dropped
      { url: 'https://example.org/background', label: 'Background' },
      { url: 'mailto:press@example.org', start: 0, end: 0 },
    ]);
    expect(found).toEqual([
      {
        id: 'l0',
        url: 'https://example.org/height?utm_source=chatgpt.com',
        origin: 'reply-citation',
        sentenceIndex: 0,
        span: { start: afterFirst, end: afterFirst },
        label: 'example +1',
        quote: '330 metres',
      },
      {
        id: 'l1',
        url: 'https://example.org/opening',
        origin: 'reply-citation',
        sentenceIndex: 1,
        span: { start: text.length, end: text.length },
      },
      {
        id: 'l2',
        url: 'https://example.org/background',
        origin: 'reply-citation',
        sentenceIndex: null,
        label: 'Background',
      },
    ]);
  });

  it('merges a pill that repeats a link written in the same sentence, keeping the written one', () => {
    const text = 'The tower is 330 metres tall (https://example.org/height).';
    const end = text.length - 1;
    const { links: found } = links(text, [
      { url: 'https://example.org/height', label: 'example', start: end, end, quote: '330 metres' },
    ]);
    expect(found).toEqual([
      {
        id: 'l0',
        url: 'https://example.org/height',
        origin: 'text',
        sentenceIndex: 0,
        span: { start: 30, end: 56 },
        label: 'example',
        quote: '330 metres',
      },
    ]);
  });

  it('returns nothing for a text without links', () => {
    expect(links('No links at all. Not even www.example.org without a scheme.').links).toEqual([]);
  });
});
