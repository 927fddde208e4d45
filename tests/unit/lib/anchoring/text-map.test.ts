// @vitest-environment happy-dom
/**
 * The map from text read off the page (a chatbot reply) to the page's text index: built from the origins
 * the reply's walk notes, small (one run per unbroken stretch), and read back span by span.
 */
import { describe, expect, it } from 'vitest';

import { buildTextIndex } from '../../../../lib/anchoring/text-index';
import { mapSpan, textMap } from '../../../../lib/anchoring/text-map';
import { extractReplyText } from '../../../../lib/sites/extract-text';

const OPTIONS = {
  selectors: { citations: ['.pill'], links: [], exclude: ['h4[data-message-attribution]'] },
  baseUrl: 'https://chat.example/c/1',
};

/** A reply mounted in the page after some other text, read as the reply extraction reads it. */
function readReply(html: string) {
  document.body.innerHTML = `<p>Before the reply.</p><div id="reply">${html}</div>`;
  const reply = document.getElementById('reply')!;
  const index = buildTextIndex(document.body);
  const read = extractReplyText([reply], OPTIONS);
  return { index, read, base: index.spans.get(reply)!.start };
}

describe('textMap', () => {
  it('maps each word to its place in the page, leaving out what the reply left out, in few runs', () => {
    const { index, read, base } = readReply(
      '<h4 data-message-attribution>ChatGPT said:</h4><p>The tower is <b>330 m</b> tall.</p>\n  <p>It is in Paris.</p>',
    );
    expect(read.text).toBe('The tower is 330 m tall.\n\nIt is in Paris.');
    const map = textMap(index, read.origins, base)!;
    // One run per paragraph: "ChatGPT said:" and the whitespace between the paragraphs are not in the text.
    expect(map.runs).toEqual([0, 24, 13, 37, 26, 41, 40, 55]);
    for (const [start, end] of [
      [0, 24],
      [26, 41],
      [4, 9],
      [13, 18],
    ] as const) {
      const page = mapSpan(map, start, end)!;
      expect(index.text.slice(base + page.start, base + page.end)).toBe(read.text.slice(start, end));
    }
  });

  it('maps a formula or a code block as a whole: a span inside it takes the element', () => {
    const { index, read, base } = readReply(
      '<p>So <span class="katex"><math><semantics><mi>E</mi><annotation encoding="application/x-tex">E=mc^2</annotation></semantics></math></span> holds.</p>',
    );
    expect(read.text).toBe('So E=mc^2 holds.');
    const map = textMap(index, read.origins, base)!;
    const formula = mapSpan(map, 3, 9)!;
    expect(index.text.slice(base + formula.start, base + formula.end)).toBe('EE=mc^2');
    const part = mapSpan(map, 5, 7)!;
    expect(part).toEqual(formula);
    const sentence = mapSpan(map, 0, 16)!;
    expect(index.text.slice(base + sentence.start, base + sentence.end)).toBe('So EE=mc^2 holds.');
  });

  it('maps a span over a dropped pill label from its first word to its last, and nothing for text from no node', () => {
    const { index, read, base } = readReply(
      '<ul><li>Cited <span class="pill"><a href="https://example.com/">Example +1</a></span>here.</li></ul>',
    );
    expect(read.text).toBe('- Cited here.');
    const map = textMap(index, read.origins, base)!;
    const whole = mapSpan(map, 2, 13)!;
    expect(index.text.slice(base + whole.start, base + whole.end)).toBe('Cited Example +1here.');
    expect(mapSpan(map, 0, 2)).toBeNull(); // the list marker
  });

  it('leaves out words from nodes the index does not hold, rather than placing them anywhere', () => {
    const { read, base } = readReply('<p>Kept words.</p>');
    const elsewhere = buildTextIndex(document.createElement('div'));
    expect(textMap(elsewhere, read.origins, base)).toBeNull();
  });
});
