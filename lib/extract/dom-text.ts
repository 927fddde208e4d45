/**
 * Plain text from a DOM subtree with paragraph breaks kept: block elements become "\n\n"-separated
 * paragraphs, `<br>` a line break, and runs of whitespace inside a paragraph one space. Readability's own
 * `textContent` glues paragraphs together ("end.Next"), which merges words and loses the structure the
 * sentence splitter needs.
 *
 * Reads the DOM through the one walk of rendered text (lib/text/dom-walk.ts: which nodes render, which
 * elements are blocks), like the page's text index and a chatbot reply's text; it also leaves out
 * controls and media. Works on any DOM implementation (linkedom, native, happy-dom): it relies on
 * `nodeType` numbers only, because a service worker has no `Node` global to compare against.
 */
import { BLOCK_TAGS, CONTROL_TAGS, ELEMENT_NODE, tagOf, walkRenderedText } from '../text/dom-walk';

/** Table cells are separated by a space rather than a paragraph, so a row reads as one line. */
const INLINE_CELLS = new Set(['TD', 'TH']);

/** Returns the visible text of `root`, paragraphs separated by a blank line. */
export function domToText(root: Node): string {
  const paragraphs: string[] = [];
  let current = '';
  const breakParagraph = (): void => {
    const text = current
      .replace(/[ \t\f\r\u00a0]*\n[ \t\f\r\u00a0]*/g, '\n')
      .replace(/[ \t\f\r\u00a0]+/g, ' ')
      .trim();
    if (text) paragraphs.push(text);
    current = '';
  };
  const space = (): void => {
    current += ' ';
  };
  /** What to do on leaving each element entered, innermost last. */
  const leaving: Array<(() => void) | null> = [];
  walkRenderedText(root, {
    text(node) {
      // Source newlines are layout, not content; only <br> makes a line break.
      current += node.data.replace(/\s+/g, ' ');
    },
    enter(node) {
      const tag = node.nodeType === ELEMENT_NODE ? tagOf(node as Element) : '';
      if (CONTROL_TAGS.has(tag)) return false;
      if (tag === 'BR') {
        current += '\n';
        return false;
      }
      if (tag === 'PRE') {
        // Code and poetry: the line breaks and indentation are the content.
        breakParagraph();
        const text = (node.textContent ?? '').replace(/^\s*\n|\s+$/g, '');
        if (text.trim()) paragraphs.push(text);
        return false;
      }
      const cell = INLINE_CELLS.has(tag);
      const block = BLOCK_TAGS.has(tag) && !cell;
      if (block) breakParagraph();
      else if (cell) space();
      leaving.push(block ? breakParagraph : cell ? space : null);
      return true;
    },
    leave() {
      leaving.pop()?.();
    },
  });
  breakParagraph();
  return paragraphs.join('\n\n');
}
