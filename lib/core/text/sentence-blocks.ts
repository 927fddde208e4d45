/**
 * Line-level structure of checked text, found before sentence segmentation: fenced and indented code,
 * markdown headings, list items and paragraphs. Chatbot answers are markdown-ish plain text, so these
 * are the boundaries a reader sees but Intl.Segmenter (UAX #29) does not know about.
 */

/** What a block of lines is. Code is never segmented and the claim stage skips it. */
export type BlockKind = 'prose' | 'code' | 'list-item' | 'heading';

/** A block's content range in the checked text: markers (`# `, `- `, `1. `) are already excluded. */
export interface TextBlock {
  start: number;
  end: number;
  kind: BlockKind;
}

interface Line {
  /** Offset of the first character of the line. */
  start: number;
  /** Offset just past the last character, before the line terminator. */
  end: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+|$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/**
 * List markers: bullets followed by a space, "1." / "1)" followed by a space, and "1.Word" (seen in real
 * ChatGPT answers, Factcheck-Bench response 4). "•" is accepted without a space since it is never prose.
 */
const LIST_MARKER = /^[ \t]*(?:[-*+‣◦▪▸►–][ \t]+|•[ \t]*|\d{1,3}[.)][ \t]+|\d{1,3}\.(?=\p{Lu}))/u;
const INDENTED = /^(?: {4}|\t)/;
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/g;

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  LINE_BREAK.lastIndex = 0;
  for (let m = LINE_BREAK.exec(text); m; m = LINE_BREAK.exec(text)) {
    lines.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  lines.push({ start, end: text.length });
  return lines;
}

function leadingSpaces(line: string): number {
  let n = 0;
  while (n < line.length && (line[n] === ' ' || line[n] === '\t')) n += 1;
  return n;
}

/**
 * Splits text into blocks. A single line break continues a paragraph only when the next line starts with a
 * lower-case letter (a hard-wrapped sentence); otherwise it is a boundary, as in chatbot answers where each
 * line is its own paragraph or list item. A blank line always ends a block.
 */
export function scanBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let open: TextBlock | null = null;
  /** The opening fence while inside a fenced code block. */
  let fence: string | null = null;
  let previousBlank = true;
  // Assigned in close() too, so declared with a cast: TypeScript does not see assignments inside closures.
  let lastKind = null as BlockKind | null;

  const close = (): void => {
    if (open && open.end > open.start) {
      blocks.push(open);
      lastKind = open.kind;
    }
    open = null;
  };

  const lines = splitLines(text);
  // Indentation every line shares is an artefact of where the text came from (HTML source, a quoted
  // e-mail), not markdown: without removing it, a uniformly indented article would be one code block.
  let common = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const content = text.slice(line.start, line.end);
    if (content.trim() !== '') common = Math.min(common, leadingSpaces(content));
  }
  for (const line of lines) {
    const raw = text.slice(line.start, line.end);
    const shift = Math.min(common, leadingSpaces(raw));
    const content = raw.slice(shift);
    const at = line.start + shift;
    if (fence !== null) {
      // Inside a fence everything is code until a closing fence of the same character and at least the same length.
      if (open) open.end = line.end;
      const closing = FENCE.exec(content);
      if (
        closing?.[1] &&
        closing[1][0] === fence[0] &&
        closing[1].length >= fence.length &&
        content.trim() === closing[0].trim()
      ) {
        fence = null;
        close();
      }
      continue;
    }
    const blank = content.trim() === '';
    if (blank) {
      // Indented code may contain blank lines; the block stays open and ends at its last code line.
      if (open?.kind !== 'code') close();
      previousBlank = true;
      continue;
    }
    const indentedCode =
      INDENTED.test(content) &&
      !LIST_MARKER.test(content) &&
      (open?.kind === 'code' || (open === null && previousBlank && lastKind !== 'list-item'));
    const currentOpen: TextBlock | null = open;
    previousBlank = false;
    if (indentedCode) {
      if (currentOpen?.kind === 'code') currentOpen.end = line.end;
      else open = { start: at, end: line.end, kind: 'code' };
      continue;
    }
    const opening = FENCE.exec(content);
    if (opening?.[1]) {
      close();
      fence = opening[1];
      open = { start: at, end: line.end, kind: 'code' };
      continue;
    }
    if (THEMATIC_BREAK.test(content)) {
      close();
      continue;
    }
    const heading = HEADING.exec(content);
    if (heading) {
      close();
      // "## Title ##": the closing hashes are decoration too.
      const body = content.slice(heading[0].length).replace(/[ \t]+#+[ \t]*$/, '');
      blocks.push({ start: at + heading[0].length, end: at + heading[0].length + body.length, kind: 'heading' });
      lastKind = 'heading';
      continue;
    }
    const marker = LIST_MARKER.exec(content);
    if (marker) {
      close();
      open = { start: at + marker[0].length, end: line.end, kind: 'list-item' };
      continue;
    }
    const firstLetter = /\S/u.exec(content);
    const continues =
      currentOpen !== null && currentOpen.kind !== 'code' && firstLetter !== null && /\p{Ll}/u.test(firstLetter[0]);
    if (currentOpen && continues) {
      currentOpen.end = line.end;
    } else {
      close();
      open = { start: at, end: line.end, kind: 'prose' };
    }
  }
  close();
  return blocks;
}
