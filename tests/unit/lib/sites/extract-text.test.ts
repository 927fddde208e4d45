// @vitest-environment happy-dom
/**
 * Text extraction details on small hand-written bodies, run on both DOM implementations the code meets
 * outside the browser: happy-dom (this file's environment, like the content script's DOM) and linkedom
 * (`npm run sites`). Same input, same text, same offsets.
 */
import { describe, expect, it } from 'vitest';

import { type ExtractOptions, extractReplyText } from '../../../../lib/sites/extract-text';
import { parseSavedPage } from '../../../../scripts/sites';

const parsers: Array<[string, (html: string) => Document]> = [
  [
    'happy-dom',
    (html) => new DOMParser().parseFromString(`<!DOCTYPE html><html><body>${html}</body></html>`, 'text/html'),
  ],
  ['linkedom', (html) => parseSavedPage(`<!DOCTYPE html><html><body>${html}</body></html>`)],
];

const OPTIONS: ExtractOptions = {
  selectors: { citations: ['[data-testid="webpage-citation-pill"]'], links: ['a[href]'], exclude: ['.chrome'] },
  baseUrl: 'https://chat.example/c/1',
};

describe.each(parsers)('extractReplyText on %s', (_name, parse) => {
  const extract = (html: string, options: ExtractOptions = OPTIONS) => {
    const doc = parse(`<div id="body">${html}</div>`);
    const body = doc.getElementById('body');
    if (!body) throw new Error('no body');
    return extractReplyText([body], options);
  };

  it('collapses source whitespace, breaks blocks into paragraphs and honours <br>', () => {
    const { text } = extract('<p>\n  One   two\n  three.\n</p>\n<p>Line<br>\n   next</p><h3>Head</h3><p>x</p>');
    expect(text).toBe('One two three.\n\nLine\nnext\n\nHead\n\nx');
  });

  it('writes list items as "- " / numbered lines, nested lists indented, paragraphs inside items inline', () => {
    const { text } = extract(
      '<p>Intro:</p><ul><li><p>A</p><ul><li>A1</li></ul></li><li>B</li></ul><ol start="3"><li>C</li><li>D</li></ol><p>End</p>',
    );
    expect(text).toBe('Intro:\n\n- A\n  - A1\n- B\n\n3. C\n4. D\n\nEnd');
  });

  it('drops hidden labels, aria-hidden, [hidden], buttons and adapter exclusions', () => {
    const { text } = extract(
      '<h4 class="sr-only">ChatGPT said:</h4><p>Keep <span aria-hidden="true">icon</span>this<button>Copy</button>' +
        '<span hidden>secret</span><span class="chrome">chrome</span> text.</p>',
    );
    expect(text).toBe('Keep this text.');
  });

  it('keeps one copy of KaTeX math: the TeX annotation, else one rendering; data-math wins', () => {
    const katex =
      '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow>' +
      '<annotation encoding="application/x-tex">a + b</annotation></semantics></math></span>' +
      '<span class="katex-html" aria-hidden="true"><span class="mord">a</span><span class="mbin">+</span><span class="mord">b</span></span></span>';
    expect(extract(`<p>Sum ${katex} here.</p>`).text).toBe('Sum a + b here.');
    const noSource =
      '<span class="katex"><span class="katex-html" aria-hidden="true"><span>x</span><span>=</span><span>1</span></span></span>';
    expect(extract(`<p>Value ${noSource}.</p>`).text).toBe('Value x=1.');
    const gemini =
      '<div class="math-block" data-math="E = mc^2"><span class="katex-display"><span class="katex">Emc2</span></span></div>';
    expect(extract(`<p>Energy:</p>${gemini}<p>After.</p>`).text).toBe('Energy:\n\nE = mc^2\n\nAfter.');
  });

  it('fences code blocks without their header or copy button and records the range', () => {
    const pre =
      '<pre><div><div class="chrome">python</div><button>Copy code</button></div><div><code class="language-python">' +
      '<span>x = 1</span>\n<span>print(x)</span>\n</code></div></pre>';
    const { text, codeRanges } = extract(`<p>Run:</p>${pre}<p>Done.</p>`);
    expect(text).toBe('Run:\n\n```python\nx = 1\nprint(x)\n```\n\nDone.');
    expect(codeRanges).toEqual([{ start: 6, end: 34 }]);
    expect(text.slice(6, 34)).toBe('```python\nx = 1\nprint(x)\n```');
  });

  it('reads CodeMirror lines split by <br> or .cm-line', () => {
    const cm =
      '<pre><div class="cm-editor"><div class="cm-content"><span>a = 1</span><br><span>b = 2</span></div></div></pre>';
    expect(extract(cm).text).toBe('```\na = 1\nb = 2\n```');
    const lines =
      '<pre><div class="cm-editor"><div class="cm-content"><div class="cm-line">one</div><div class="cm-line">  two</div></div></div></pre>';
    expect(extract(lines).text).toBe('```\none\n  two\n```');
  });

  it('keeps inline code as text and does not record it as a code range', () => {
    const { text, codeRanges } = extract('<p>Call <code>fetch()</code> first.</p>');
    expect(text).toBe('Call fetch() first.');
    expect(codeRanges).toEqual([]);
  });

  it('records a pill at the offset after the text it supports, drops its label and the space before punctuation', () => {
    const pill =
      '<span data-state="closed"><span data-testid="webpage-citation-pill"><a href="https://a.example/x?utm_source=chatgpt.com&amp;id=7#:~:text=the%20quote" target="_blank">' +
      '<span>A site</span><span>+1</span></a></span></span>';
    const { text, citations } = extract(`<p>Claim one ${pill}.</p><p>Next.</p>`);
    expect(text).toBe('Claim one.\n\nNext.');
    expect(citations).toEqual([
      { url: 'https://a.example/x?id=7', title: 'A site', start: 9, end: 9, quote: 'the quote', kind: 'pill' },
    ]);
  });

  it('spans inline links over their text, resolves relative hrefs and ignores non-http links', () => {
    const { text, citations } = extract(
      '<p>See <a href="/docs/page">the docs</a>, <a href="mailto:a@b.c">mail</a> or <a href="javascript:void(0)">js</a>.</p>',
    );
    expect(text).toBe('See the docs, mail or js.');
    expect(citations).toEqual([
      { url: 'https://chat.example/docs/page', title: 'the docs', start: 4, end: 12, kind: 'link' },
    ]);
  });

  it('lists the same URL once per place, and again at another place', () => {
    const pill =
      '<span data-testid="webpage-citation-pill"><a href="https://a.example/"><span>A</span></a><a href="https://a.example/"><span>A</span></a></span>';
    const { citations } = extract(`<p>One${pill}</p><p>Two${pill}</p>`);
    expect(citations.map((citation) => [citation.url, citation.start])).toEqual([
      ['https://a.example/', 3],
      ['https://a.example/', 8],
    ]);
  });

  it('drops elements whose whole text matches an excludeText pattern', () => {
    const { text } = extract('<p>Answer.</p><div><span>Prepared by GPT-5.4 Thinking</span></div>', {
      ...OPTIONS,
      excludeText: [/^Prepared by .+\bThinking$/i],
    });
    expect(text).toBe('Answer.');
  });

  it('writes table rows as lines with " | " between cells', () => {
    const { text } = extract(
      '<p>T:</p><table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    );
    expect(text).toBe('T:\n\nA | B\n1 | 2');
  });

  it('removes zero-width characters that sites put around pills', () => {
    expect(extract('<p>Yes.\u200b</p><p>\ufeffNo.</p>').text).toBe('Yes.\n\nNo.');
  });

  it('notes where each piece of the text came from: a Text node and offset, or a whole formula or code block', () => {
    const katex =
      '<span class="katex"><span class="katex-mathml"><math><semantics><mi>x</mi>' +
      '<annotation encoding="application/x-tex">x^2</annotation></semantics></math></span></span>';
    const { text, origins } = extract(
      `<h4 class="chrome">Bot said:</h4><p>  Two   spa\u200bces<b>,</b> then ${katex}.</p><ul><li>Item</li></ul>` +
        '<pre><code>code()</code></pre>',
    );
    expect(text).toBe('Two spaces, then x^2.\n\n- Item\n\n```\ncode()\n```');
    const pieces = origins.map((origin) =>
      'node' in origin
        ? `${text.slice(origin.start, origin.end)}=${origin.node.data.slice(origin.offset, origin.offset + origin.end - origin.start)}`
        : `${text.slice(origin.start, origin.end)}<${origin.element.tagName.toLowerCase()}>`,
    );
    // The word with a zero-width space inside comes in two pieces; markers, separators and fences from no node.
    expect(pieces).toEqual([
      'Two=Two',
      'spa=spa',
      'ces=ces',
      ',=,',
      'then=then',
      'x^2<span>',
      '.=.',
      'Item=Item',
      '```\ncode()\n```<pre>',
    ]);
  });
});
