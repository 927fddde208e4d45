/**
 * Sentence splitting of page text with exact offsets. `Intl.Segmenter` does the language-aware work
 * (it knows "。", "！", "?" and quotes in every locale); two things are added around it:
 * - paragraph breaks (a blank line) are hard boundaries, because extracted page text puts headings,
 *   list items and captions in their own paragraphs and they often lack final punctuation;
 * - ICU's break after an abbreviation ("U.S. Supreme Court", "Dr. Müller", "z. B.") is undone, since
 *   V8 does not expose ICU's abbreviation suppressions.
 */
import { segmentsOf, sentenceSegmenter } from '../text/sentence-segmenter';
import type { Sentence } from '../types';

/** Abbreviations that end with a period but rarely end a sentence (lowercase, without the period). */
const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr prof sr jr st mt ft vs etc vol fig figs approx ca gen col lt sgt capt gov sen ' +
    'rep rev inc ltd co corp dept est jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'bzw nr str usw vgl hr fr dipl ing'
  ).split(' '),
);

/** True when `segment` ends in an abbreviation or an initial ("U.S.", "J.", "z.") rather than a sentence. */
function endsWithAbbreviation(segment: string): boolean {
  const last = /(\S+)\.\s*$/u.exec(segment)?.[1];
  if (!last) return false;
  const word = last.replace(/^[("'“‘[]+/u, '').toLowerCase();
  // Single letters and dotted initialisms: "J.", "U.S.", "z.".
  if (/^(?:\p{L}\.)*\p{L}$/u.test(word)) return true;
  return ABBREVIATIONS.has(word);
}

/** Paragraphs of `text` as [start, end) ranges, split at blank lines. */
function paragraphs(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const breaks = /\n[^\S\n]*\n\s*/g;
  let start = 0;
  for (const match of text.matchAll(breaks)) {
    out.push([start, match.index]);
    start = match.index + match[0].length;
  }
  out.push([start, text.length]);
  return out;
}

/**
 * The sentences of `text` with UTF-16 offsets: `text.slice(s.start, s.end) === s.text`, surrounding
 * whitespace excluded, empty segments dropped, `index` counting from 0 in reading order.
 */
export function splitSentences(text: string, lang?: string): Sentence[] {
  const segmenter = sentenceSegmenter(lang);
  const sentences: Sentence[] = [];
  for (const [paraStart, paraEnd] of paragraphs(text)) {
    const paragraph = text.slice(paraStart, paraEnd);
    let pending: { start: number; end: number } | undefined;
    for (const { segment, index } of segmentsOf(segmenter, paragraph)) {
      const lead = segment.length - segment.trimStart().length;
      const body = segment.trim();
      if (!body) continue;
      const start = paraStart + index + lead;
      const end = start + body.length;
      if (pending) pending.end = end;
      else pending = { start, end };
      if (!endsWithAbbreviation(body)) {
        sentences.push({ index: sentences.length, start: pending.start, end: pending.end, text: text.slice(pending.start, pending.end) });
        pending = undefined;
      }
    }
    if (pending) sentences.push({ index: sentences.length, start: pending.start, end: pending.end, text: text.slice(pending.start, pending.end) });
  }
  return sentences;
}
