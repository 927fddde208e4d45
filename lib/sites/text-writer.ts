/**
 * Builds reply text with exact offsets while the DOM is walked. Separators (spaces, line breaks, list
 * markers) are only requested and written lazily before the next real content, so the text never has
 * trailing spaces, doubled breaks or a marker for an empty item, and every offset recorded during the walk
 * (citation positions, code ranges) is already final: nothing is trimmed or collapsed afterwards. It also
 * notes where each written piece came from in the DOM (`origins`), so the text can be mapped back onto
 * the page exactly, whatever was left out between its pieces.
 */
import type { TextOrigin } from '../text/dom-walk';

/** Punctuation that never follows a space in the prose around a removed pill ("sources [pill]." → "sources."). */
const CLOSING = /^[.,;:!?)\]}\u3001\u3002\uff0c\uff0e\uff09]/;

/** Characters with no width that sites put around pills and inside KaTeX; they only break word matching. */
const INVISIBLE = /[\u200b\u200c\u2060\ufeff\u00ad]/g;

/** The runs of a word between invisible characters. */
const VISIBLE_PIECES = /[^\u200b\u200c\u2060\ufeff\u00ad]+/g;

/** A whitespace run (group 1) or a word, as flowing text is written: each run becomes at most one space. */
const WORDS = /([ \t\n\r\f\u00a0]+)|[^ \t\n\r\f\u00a0]+/g;

/** An open span: `start` is set when the first content after `beginSpan` is written. */
export interface OpenSpan {
  start: number;
}

/** Accumulates text; see the module comment. */
export class TextWriter {
  private value = '';
  /** Separator to write before the next content on the same line: '', ' ' or a cell separator. */
  private separator = '';
  /** Line breaks to write before the next content (0, 1 or 2). */
  private breaks = 0;
  /** List marker to write at the start of the next line. */
  private marker = '';
  private readonly spans: OpenSpan[] = [];
  /** Where each written piece of content came from, in text order. */
  readonly origins: TextOrigin[] = [];
  /** Set when a pill was dropped since the last content: the space before it was only the pill's. */
  private removed = false;

  /** Current length: the offset where a pill that sits here is recorded. */
  get length(): number {
    return this.value.length;
  }

  /** The text so far. */
  toString(): string {
    return this.value;
  }

  /** The text between two offsets written so far. */
  slice(start: number, end: number): string {
    return this.value.slice(start, end);
  }

  /**
   * Writes flowing text: whitespace runs become one space, leading/trailing whitespace a pending space. `node`
   * is the Text node `chunk` is the data of: each word written is noted as coming from it.
   */
  text(chunk: string, node?: Text): void {
    for (const match of chunk.matchAll(WORDS)) {
      if (match[1]) {
        this.space();
        continue;
      }
      const word = match[0].replace(INVISIBLE, '');
      if (word === '') continue;
      const at = this.emit(word);
      if (node) this.noteWord(match[0], at, node, match.index);
    }
  }

  /** Writes a whole element's reading as one unit (a formula's TeX, a fenced code block), noted as coming from it. */
  unit(content: string, element: Element, raw = false): void {
    const span = this.beginSpan();
    if (raw) this.raw(content);
    else this.text(content);
    const range = this.endSpan(span);
    if (range) this.origins.push({ ...range, element });
  }

  /** Writes text as-is (code), after any pending separators. */
  raw(chunk: string): void {
    if (chunk) this.emit(chunk);
  }

  /** Requests a space before the next content (ignored at the start of a line). */
  space(): void {
    if (this.separator === '') this.separator = ' ';
  }

  /** Requests a separator such as " | " between table cells (ignored at the start of a line). */
  cellSeparator(separator: string): void {
    this.separator = separator;
  }

  /** Requests `count` line breaks (1: new line, 2: new paragraph) before the next content. */
  lineBreak(count: 1 | 2): void {
    this.breaks = Math.max(this.breaks, count);
  }

  /** Sets the marker ("- ", "2. ") that starts the next line: a list item's. */
  listMarker(marker: string): void {
    this.marker = marker;
  }

  /** Notes that an inline element (a citation pill) was dropped here. */
  dropped(): void {
    this.removed = true;
  }

  /** Starts a span whose start is the offset of the next content written. */
  beginSpan(): OpenSpan {
    const span: OpenSpan = { start: -1 };
    this.spans.push(span);
    return span;
  }

  /** Ends a span: its range, or null when no content was written inside it. */
  endSpan(span: OpenSpan): { start: number; end: number } | null {
    const index = this.spans.indexOf(span);
    if (index >= 0) this.spans.splice(index, 1);
    return span.start < 0 ? null : { start: span.start, end: this.value.length };
  }

  /** Notes the pieces of `word` (data of `node` from `offset`) written at `at`, around dropped invisible characters. */
  private noteWord(word: string, at: number, node: Text, offset: number): void {
    let written = at;
    for (const piece of word.matchAll(VISIBLE_PIECES)) {
      const length = piece[0].length;
      this.origins.push({ start: written, end: written + length, node, offset: offset + piece.index });
      written += length;
    }
  }

  /** Returns where `content` starts in the text. */
  private emit(content: string): number {
    let prefix = '';
    const last = this.value[this.value.length - 1];
    if (this.value.length > 0 && this.breaks > 0) prefix = '\n'.repeat(this.breaks);
    else if (
      this.value.length > 0 &&
      last !== '\n' &&
      !(this.removed && this.separator === ' ' && CLOSING.test(content))
    )
      prefix = this.separator;
    if (this.marker && (this.value.length === 0 || this.breaks > 0 || last === '\n')) prefix += this.marker;
    this.breaks = 0;
    this.separator = '';
    this.marker = '';
    this.removed = false;
    this.value += prefix;
    const at = this.value.length;
    for (const span of this.spans) if (span.start < 0) span.start = at;
    this.value += content;
    return at;
  }
}
