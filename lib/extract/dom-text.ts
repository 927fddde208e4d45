/**
 * Plain text from a DOM subtree with paragraph breaks kept: block elements become "\n\n"-separated
 * paragraphs, `<br>` a line break, and runs of whitespace inside a paragraph one space. Readability's own
 * `textContent` glues paragraphs together ("end.Next"), which merges words and loses the structure the
 * sentence splitter needs.
 *
 * Works on any DOM implementation (linkedom, native, happy-dom): it relies on `nodeType` numbers only,
 * because a service worker has no `Node` global to compare against.
 */

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements that start a new paragraph. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BODY',
  'CAPTION',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
]);

/** Elements whose content is never text a reader sees. */
const SKIPPED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'BUTTON',
  'SELECT',
  'TEXTAREA',
  'IFRAME',
]);

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
  const walk = (node: Node): void => {
    if (node.nodeType === TEXT_NODE) {
      // Source newlines are layout, not content; only <br> makes a line break.
      current += (node.nodeValue ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const tag = (node as Element).tagName.toUpperCase();
    if (SKIPPED_TAGS.has(tag)) return;
    if (tag === 'BR') {
      current += '\n';
      return;
    }
    if (tag === 'PRE') {
      // Code and poetry: the line breaks and indentation are the content.
      breakParagraph();
      const text = (node.textContent ?? '').replace(/^\s*\n|\s+$/g, '');
      if (text.trim()) paragraphs.push(text);
      return;
    }
    const cell = INLINE_CELLS.has(tag);
    const block = BLOCK_TAGS.has(tag) && !cell;
    if (block) breakParagraph();
    else if (cell) current += ' ';
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
    if (block) breakParagraph();
    else if (cell) current += ' ';
  };
  walk(root);
  breakParagraph();
  return paragraphs.join('\n\n');
}
