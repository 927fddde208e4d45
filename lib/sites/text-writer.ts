/**
 * Builds reply text with exact offsets while the DOM is walked. Separators (spaces, line breaks, list
 * markers) are only requested and written lazily before the next real content, so the text never has
 * trailing spaces, doubled breaks or a marker for an empty item, and every offset recorded during the walk
 * (citation positions, code ranges) is already final: nothing is trimmed or collapsed afterwards.
 */

/** Punctuation that never follows a space in the prose around a removed pill ("sources [pill]." → "sources."). */
const CLOSING = /^[.,;:!?)\]}\u3001\u3002\uff0c\uff0e\uff09]/;

/** Characters with no width that sites put around pills and inside KaTeX; they only break word matching. */
const INVISIBLE = /[\u200b\u200c\u2060\ufeff\u00ad]/g;

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

  /** Writes flowing text: whitespace runs become one space, leading/trailing whitespace a pending space. */
  text(chunk: string): void {
    const clean = chunk.replace(INVISIBLE, '');
    if (clean === '') return;
    const words = clean.split(/[ \t\n\r\f\u00a0]+/);
    words.forEach((word, index) => {
      if (index > 0) this.space();
      if (word) this.emit(word);
    });
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

  private emit(content: string): void {
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
    for (const span of this.spans) if (span.start < 0) span.start = this.value.length;
    this.value += content;
  }
}
