// @vitest-environment happy-dom
/**
 * The one walk of rendered text, on happy-dom (the content scripts' kind of DOM) and linkedom (the service
 * worker's): what renders, in what order, and that the three readers built on it (the page's text index, a
 * reply's text, an article's text) agree on it and on where blocks break.
 */
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';

import { buildTextIndex } from '../../../../lib/anchoring/text-index';
import { domToText } from '../../../../lib/extract/dom-text';
import { extractReplyText } from '../../../../lib/sites/extract-text';
import { BLOCK_TAGS, isUnrendered, walkRenderedText } from '../../../../lib/text/dom-walk';

const parsers: Array<[string, (html: string) => Element]> = [
  [
    'happy-dom',
    (html) => {
      document.body.innerHTML = html;
      return document.body;
    },
  ],
  ['linkedom', (html) => parseHTML(`<html><body>${html}</body></html>`).document.body as unknown as Element],
];

/** The walk as a trace: text as written, [tag and ]tag around what was entered, !tag for what never renders. */
function trace(root: Node, skip: (element: Element) => boolean = () => false): string {
  let out = '';
  walkRenderedText(root, {
    text: (node) => void (out += node.data),
    enter: (node) => {
      const tag = 'tagName' in node ? (node as Element).tagName.toLowerCase() : '#shadow';
      if ('tagName' in node && skip(node as Element)) return false;
      out += `[${tag}`;
    },
    leave: (node) => void (out += `${'tagName' in node ? (node as Element).tagName.toLowerCase() : '#shadow'}]`),
    unrendered: (element) => void (out += `!${element.tagName.toLowerCase()}`),
  });
  return out;
}

describe.each(parsers)('walkRenderedText on %s', (_name, parse) => {
  it('reports text in document order, pairs each enter with a leave, and never reports the root', () => {
    const root = parse('<p>One <b>two</b></p><p>three</p>');
    expect(trace(root)).toBe('[pOne [btwob]p][pthreep]');
  });

  it('does not enter what never renders: script, style, template, form controls, hidden, inline display:none', () => {
    const root = parse(
      '<p>a<script>s()</script><style>p{}</style><template>t</template><textarea>x</textarea>' +
        '<select><option>o</option></select><span hidden>h</span><span style="display: none">n</span>' +
        '<span style="visibility: hidden">v</span>b</p>',
    );
    expect(trace(root)).toBe('[pa!script!style!template!textarea!select!span!span!spanbp]');
  });

  it('skips the content of an element the visitor declines, without a leave', () => {
    const root = parse('<p>keep <span class="x">drop</span> keep</p>');
    expect(trace(root, (element) => element.classList.contains('x'))).toBe('[pkeep  keepp]');
  });

  it('walks only the summary of a closed <details>, and all of an open one', () => {
    expect(trace(parse('<details><summary>S</summary><p>body</p></details>'))).toBe(
      '[details[summarySsummary]details]',
    );
    expect(trace(parse('<details open><summary>S</summary><p>body</p></details>'))).toBe(
      '[details[summarySsummary][pbodyp]details]',
    );
  });
});

describe('walkRenderedText in shadow trees', () => {
  it('walks an open shadow root in its host place, following slots to the light DOM they show', () => {
    document.body.innerHTML = '<div id="host"><span slot="name">light</span></div>';
    const host = document.getElementById('host')!;
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<b>before </b><slot name="name"></slot><i> after</i>';
    expect(trace(document.body)).toBe('[div[#shadow[bbefore b][slot[spanlightspan]slot][i afteri]#shadow]div]');
  });
});

describe('one walk, three readers', () => {
  it('gives the page index, a reply and an article the same rendered text, each with its own exclusions on top', () => {
    document.body.innerHTML =
      '<div id="r"><h4 class="sr-only">ChatGPT said:</h4><p>Visible <span hidden>hidden</span>text.</p>' +
      '<details><summary>More</summary><p>folded</p></details><template>tpl</template><button>Copy</button></div>';
    const reply = document.getElementById('r')!;
    expect(buildTextIndex(reply).text).toBe('ChatGPT said:Visible text.MoreCopy');
    const options = { selectors: { citations: [], links: [], exclude: [] }, baseUrl: 'https://chat.example/' };
    expect(extractReplyText([reply], options).text).toBe('Visible text.\n\nMore');
    expect(domToText(reply)).toBe('ChatGPT said:\n\nVisible text.\n\nMore');
  });

  it('breaks blocks in the same places for a reply and an article (one block set)', () => {
    document.body.innerHTML =
      '<div id="r">a<form>b</form>c<hr>d<address>e</address><figure>f<figcaption>g</figcaption></figure>h</div>';
    const reply = document.getElementById('r')!;
    const options = { selectors: { citations: [], links: [], exclude: [] }, baseUrl: 'https://chat.example/' };
    const paragraphs = (text: string) => text.split(/\n+/);
    expect(paragraphs(extractReplyText([reply], options).text)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(paragraphs(domToText(reply))).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    for (const tag of ['P', 'DIV', 'LI', 'TABLE', 'FORM', 'HR', 'PRE', 'BLOCKQUOTE'])
      expect(BLOCK_TAGS.has(tag)).toBe(true);
  });

  it('tells what never renders by tag, attribute and inline style', () => {
    const element = (html: string) => {
      document.body.innerHTML = html;
      return document.body.firstElementChild!;
    };
    expect(isUnrendered(element('<p hidden>x</p>'))).toBe(true);
    expect(isUnrendered(element('<p style="display:none">x</p>'))).toBe(true);
    expect(isUnrendered(element('<noscript>x</noscript>'))).toBe(true);
    expect(isUnrendered(element('<p class="sr-only">x</p>'))).toBe(false);
    expect(isUnrendered(element('<button>x</button>'))).toBe(false);
  });
});
