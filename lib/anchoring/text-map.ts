/**
 * Text read from the page ↔ the page's text index, through the one walk both are made by (lib/text/dom-walk.ts).
 * A chatbot reply's text leaves out what the reader never sees as the answer (hidden labels such as ChatGPT's
 * "ChatGPT said:", pill labels, buttons) and adds what the page only shows by layout (line breaks, list markers,
 * table separators, code fences); its walk notes which Text node each piece came from, and the page's index, made
 * by the same walk, says where that node is. So a claim maps onto exactly its words, whatever a site leaves out.
 */
import type { TextOrigin } from '../text/dom-walk';
import type { TextMapSelector } from './selectors';
import type { TextIndex } from './text-index';

/** The map of text read as `origins` onto `index`, page offsets relative to `base`. Null when nothing maps. */
export function textMap(index: TextIndex, origins: readonly TextOrigin[], base: number): TextMapSelector | null {
  const runs: number[] = [];
  for (const origin of origins) {
    const from = 'node' in origin ? origin.node : origin.element;
    const span = index.spans.get(from);
    // Not in the index: the walks disagree about this node. Its words stay unmapped rather than misplaced.
    if (!span || span.end <= span.start) continue;
    const pageStart = 'node' in origin ? span.start + origin.offset : span.start;
    const pageEnd = 'node' in origin ? pageStart + origin.end - origin.start : span.end;
    if (pageEnd > span.end) continue;
    extend(runs, origin.start, origin.end, pageStart - base, pageEnd - base);
  }
  return runs.length > 0 ? { type: 'TextMapSelector', runs } : null;
}

/**
 * Appends a run, or lengthens the last one when both are one-to-one and the gaps between them are as long in the
 * text as in the page (a space for a space, a line break for a newline): one run per stretch of unbroken text
 * keeps the map small, since it is stored with the check.
 */
function extend(runs: number[], textStart: number, textEnd: number, pageStart: number, pageEnd: number): void {
  const last = runs.length - 4;
  if (last >= 0) {
    const [lastTextStart = 0, lastTextEnd = 0, lastPageStart = 0, lastPageEnd = 0] = runs.slice(last);
    const linear =
      lastTextEnd - lastTextStart === lastPageEnd - lastPageStart && textEnd - textStart === pageEnd - pageStart;
    if (linear && textStart - lastTextEnd === pageStart - lastPageEnd && pageStart >= lastPageEnd) {
      runs[last + 1] = textEnd;
      runs[last + 3] = pageEnd;
      return;
    }
  }
  runs.push(textStart, textEnd, pageStart, pageEnd);
}

/**
 * The page offsets (relative, as in the map) of the text span [start, end): from its first mapped character to
 * its last, a boundary inside a whole-element run taking the element's edge. Null when none of it maps.
 */
export function mapSpan(map: TextMapSelector, start: number, end: number): { start: number; end: number } | null {
  const { runs } = map;
  let from: number | undefined;
  let to: number | undefined;
  for (let i = 0; i + 3 < runs.length; i += 4) {
    const textStart = runs[i] ?? 0;
    const textEnd = runs[i + 1] ?? 0;
    const pageStart = runs[i + 2] ?? 0;
    const pageEnd = runs[i + 3] ?? 0;
    if (textEnd <= start) continue;
    if (textStart >= end) break;
    const linear = textEnd - textStart === pageEnd - pageStart;
    from ??= linear ? pageStart + Math.max(0, start - textStart) : pageStart;
    to = linear ? pageStart + Math.min(end, textEnd) - textStart : pageEnd;
  }
  return from === undefined || to === undefined || to <= from ? null : { start: from, end: to };
}
