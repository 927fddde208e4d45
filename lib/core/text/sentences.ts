/**
 * The one sentence splitter: text → sentences with exact offsets, for the checked text (the pipeline's
 * first stage) and for pages read as evidence. Intl.Segmenter (UAX #29) does the language-aware work
 * (。！？؟। terminators, Thai, surrogate pairs); this file adds what UAX #29 leaves out, since V8 ships it
 * without ICU's abbreviation suppressions: URLs, e-mail addresses, inline code, abbreviations, initials
 * and ellipses. Where blocks end depends on where the text comes from (`TextSource`): checked
 * text is markdown-ish (sentence-blocks.ts), a page's extracted text has a block on every line.
 */
import type { Sentence } from '../types';
import { detectLanguage } from './detect-language';
import { type BlockKind, scanBlocks, type TextBlock } from './sentence-blocks';
import { segmentsOf, sentenceSegmenter } from './sentence-segmenter';

export { detectLanguage } from './detect-language';

/** What a sentence is: the claim stage skips 'code'; headings and list items are checked like prose. */
export type SentenceKind = BlockKind;

/** A sentence with the structure it came from. Assignable to `Sentence`, so it can be stored as one. */
export type SentenceWithKind = Sentence & { kind: SentenceKind };

/**
 * Abbreviations that are almost never the end of a sentence because a name, number or word follows
 * (titles, months, "cf.", "vs."). Case-sensitive on purpose: "No. 5" is an abbreviation but "No." answers.
 * Abbreviations that often do end sentences ("etc.", "Inc.", "Jr.", "Ltd.", "Co.", "usw.") are left out:
 * UAX #29 already keeps them when a lower-case word follows ("etc. and"), and a capital after them usually
 * starts a sentence. The same list serves pages and checked text.
 */
const ABBREVIATIONS = new Set([
  // English titles and common short forms
  'Mr',
  'Mrs',
  'Ms',
  'Dr',
  'Prof',
  'Rev',
  'Hon',
  'St',
  'Sen',
  'Rep',
  'Gov',
  'Gen',
  'Col',
  'Capt',
  'Lt',
  'Sgt',
  'Mt',
  'Ft',
  'Messrs',
  'Fig',
  'fig',
  'Figs',
  'vs',
  'v',
  'cf',
  'ca',
  'approx',
  'resp',
  'al',
  'Vol',
  'vol',
  'Nos',
  'Jan',
  'Feb',
  'Apr',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
  // German, French, Spanish, Italian
  'Hr',
  'Fr',
  'Nr',
  'Str',
  'bzw',
  'vgl',
  'ggf',
  'inkl',
  'zzgl',
  'evtl',
  'sog',
  'Mme',
  'Mlle',
  'Mmes',
  'Sr',
  'Sra',
  'Srta',
  'Dra',
  'Sig',
  'Sigg',
  'Dott',
  'Ing',
  'Avv',
]);

/**
 * Words that start sentences but are never names: after an initial or a dotted short form they mean the
 * sentence did end ("… Cardi B. Please note", "… in the U.S. It is") rather than "William O. Douglas".
 */
const SENTENCE_STARTERS = new Set([
  'A',
  'An',
  'The',
  'This',
  'That',
  'These',
  'Those',
  'It',
  'He',
  'She',
  'They',
  'We',
  'I',
  'You',
  'There',
  'Here',
  'His',
  'Her',
  'Its',
  'Their',
  'Our',
  'My',
  'Please',
  'However',
  'In',
  'On',
  'At',
  'As',
  'For',
  'But',
  'And',
  'So',
  'If',
  'When',
  'While',
  'After',
  'Before',
  'Although',
  'Since',
  'Note',
  'Also',
  'Other',
  'Some',
  'Many',
]);

/** Languages that write ordinals as "3." ("am 3. Oktober"), where a day number is no sentence end. */
const ORDINAL_DOT_LANGUAGES = new Set([
  'de',
  'da',
  'nb',
  'nn',
  'no',
  'fi',
  'cs',
  'sk',
  'pl',
  'hu',
  'sl',
  'hr',
  'sr',
  'bs',
  'et',
  'lv',
  'lt',
  'is',
  'tr',
]);

/**
 * Spans a sentence boundary must not fall inside: URLs (their "?" and "." are not terminators), e-mail
 * addresses and inline `code`. Each alternative starts at a fixed character or at the start of a run
 * (the lookbehind), and the code span is bounded, so the scan stays linear on 200 kB of text.
 */
const PROTECTED_WITHOUT_EMAIL = /\b(?:https?|ftp):\/\/[^\s<>"'`]+|\bwww\.[^\s<>"'`]+|`[^`\r\n]{1,500}`/gu;
let protectedWithEmail: RegExp | undefined;

/**
 * The protected spans' pattern for `text`. The e-mail alternative's letter classes cost ~1 ms to build the first time
 * a worker reads the pattern, which a check that wakes the worker waits for (issue 27); it cannot match without an
 * "@", so text without one is scanned without it, with the same result. Built on first need, then kept.
 */
export function protectedPattern(text: string): RegExp {
  if (!text.includes('@')) return PROTECTED_WITHOUT_EMAIL;
  protectedWithEmail ??=
    /\b(?:https?|ftp):\/\/[^\s<>"'`]+|\bwww\.[^\s<>"'`]+|(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|`[^`\r\n]{1,500}`/gu;
  return protectedWithEmail;
}
/** Punctuation that ends a sentence around a URL rather than belonging to it. */
const URL_TRAILER = /[.,;:!?'"”’»)\]]+$/u;
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029\u0085]/g;
/** Opening and closing punctuation around the last word before a boundary ("(Dr." or "wait…”"). */
const OPENERS = /^[("'“‘«[]+/u;
const CLOSERS = /[)"'”’»\]]+$/u;

/** Text without any sentence terminator is one sentence; the segmenter need not look at it. */
const TERMINATOR = /[\p{Sentence_Terminal}\u2024\ufe52\uff0e]/u;

function protectedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const pattern = protectedPattern(text);
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    let value = m[0];
    if (value[0] !== '`' && !value.includes('@', 1)) {
      // A URL keeps a closing parenthesis only when it opened one (Wikipedia links: /Mercury_(planet)).
      let trimmed = value.replace(URL_TRAILER, '');
      while (
        value.length > trimmed.length &&
        value[trimmed.length] === ')' &&
        count(trimmed, '(') > count(trimmed, ')')
      ) {
        trimmed += ')';
      }
      value = trimmed;
    }
    ranges.push([m.index, m.index + value.length]);
  }
  return ranges;
}

function count(value: string, char: string): number {
  let n = 0;
  for (const c of value) if (c === char) n += 1;
  return n;
}

/**
 * Whether the segmenter's boundary at the end of `segment` is an abbreviation, an initial or an ellipsis
 * rather than a sentence end. `after` is the start of the text that follows, without leading spaces.
 */
function continuesAfter(segment: string, after: string, language: string, page: boolean): boolean {
  // Segments keep their trailing spaces, so an ASCII terminator at the very end is glued to the next word:
  // ".NET", "?query" outside a detected URL. (CJK terminators are never followed by a space.)
  if (/[.!?]$/.test(segment)) return true;
  let end = segment.length;
  while (end > 0 && isSpace(segment[end - 1])) end -= 1;
  // The last word, read backwards with a cap: a scan from the front would be quadratic on unspaced scripts.
  let start = end;
  while (start > 0 && end - start < 32 && !isSpace(segment[start - 1])) start -= 1;
  const token = segment.slice(start, end).replace(OPENERS, '');
  const bare = token.replace(CLOSERS, '');
  // In a person's text an ellipsis is a pause ("wait… what"); in a page's text it marks words left out (a
  // teaser, a cut title or snippet), and what follows in capitals starts anew: there UAX #29 decides.
  if (bare.endsWith('...') || bare.endsWith('…')) return !page;
  if (!bare.endsWith('.')) return false;
  const word = bare.slice(0, -1);
  if (ABBREVIATIONS.has(word)) return true;
  // A letter is one code point, at most two UTF-16 units, and a dotted short form has a dot: the patterns below are
  // read only where they can match, so a worker's first check builds their letter classes only then (issue 27).
  const letter = word.length <= 2;
  // A lone lower-case letter is a piece of a spaced short form ("z. B.", "d. h.", "u. a.") far more often
  // than the end of a sentence.
  if (letter && /^\p{Ll}$/u.test(word)) return true;
  // Initials ("William O. Douglas") and dotted short forms ("U.S.", "e.g.", "z.B.", "Ph.D."). "I" is
  // left out: "World War I." ends sentences far more often than an initial I. does.
  // A second initial ("J. A. Rogers") is part of the name even when it is a word that starts sentences.
  if (
    (letter && /^\p{Lu}$/u.test(word) && word !== 'I') ||
    (word.includes('.') && /^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(word))
  ) {
    return /^\p{Lu}\./u.test(after) || !SENTENCE_STARTERS.has(/^\p{L}+/u.exec(after)?.[0] ?? '');
  }
  return ORDINAL_DOT_LANGUAGES.has(language) && /^\d{1,2}$/.test(word);
}

/**
 * Where an inline list marker starts in a segment ("… albums: 1. " or "… 1981. 2. "), or -1. The segmenter
 * breaks after such a marker; it belongs to the next item and, like a marker at line start, to no sentence.
 */
function inlineMarkerStart(segment: string): number {
  const m = /(^|[.!?:;…][)"'”’»\]]*\s+)\d{1,3}\.\s*$/u.exec(segment);
  return m ? m.index + (m[1]?.length ?? 0) : -1;
}

function isSpace(char: string | undefined): boolean {
  return char !== undefined && /\s/u.test(char);
}

/**
 * Where the text comes from. 'text' (the default) is text a person checks, often a chatbot's markdown-ish
 * answer: headings, list items and code are blocks of their own (sentence-blocks.ts), a line that goes on
 * in lower case continues its sentence, and the language is guessed when not given. 'page' is a page's
 * extracted text: no markdown, and every line break ends a block (the extractor writes one per paragraph,
 * heading, list item or `<br>`); the language is the page's own when known, else the runtime default.
 */
export type TextSource = 'text' | 'page';

/** A page's extracted text: each non-blank line is a block of prose. */
function pageBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let start = 0;
  for (const m of text.matchAll(LINE_BREAKS)) {
    blocks.push({ start, end: m.index, kind: 'prose' });
    start = m.index + m[0].length;
  }
  blocks.push({ start, end: text.length, kind: 'prose' });
  return blocks;
}

/**
 * Splits `text` into sentences whose offsets index `text` exactly (`text.slice(start, end) === text`),
 * with surrounding whitespace and list or heading markers left out, empty sentences dropped and `index`
 * counting from 0 in reading order.
 *
 * @param lang BCP 47 tag for Intl.Segmenter and the ordinal rule; for 'text', guessed with `detectLanguage`
 *   when left out.
 * @param source where the text comes from (see TextSource).
 */
export function splitSentences(text: string, lang?: string, source: TextSource = 'text'): SentenceWithKind[] {
  const page = source === 'page';
  const language = lang ?? (page ? undefined : detectLanguage(text));
  const primary = language?.split('-')[0]?.toLowerCase() ?? '';
  const segmenter = sentenceSegmenter(language);
  const ranges = protectedRanges(text);
  const sentences: SentenceWithKind[] = [];
  let rangeIndex = 0;

  const emit = (start: number, end: number, kind: SentenceKind): void => {
    while (start < end && isSpace(text[start])) start += 1;
    while (end > start && isSpace(text[end - 1])) end -= 1;
    if (end <= start) return;
    const value = text.slice(start, end);
    // A unit that is nothing but inline code ("`npm run build`" on its own line) is code too.
    sentences.push({
      index: sentences.length,
      start,
      end,
      text: value,
      kind: !page && /^`[^`]+`$/.test(value) ? 'code' : kind,
    });
  };
  /** Boundaries arrive in increasing order, so one pointer walks the sorted ranges once. */
  const insideProtected = (offset: number): boolean => {
    while (rangeIndex < ranges.length && (ranges[rangeIndex]?.[1] ?? 0) <= offset) rangeIndex += 1;
    const range = ranges[rangeIndex];
    return range !== undefined && range[0] < offset;
  };

  const splitBlock = (block: TextBlock): void => {
    if (block.kind === 'code' || block.kind === 'heading') {
      emit(block.start, block.end, block.kind);
      return;
    }
    // Soft-wrapped lines are joined with spaces of the same length, so offsets stay valid. (A page block is one line.)
    const body = text.slice(block.start, block.end).replace(LINE_BREAKS, (m) => ' '.repeat(m.length));
    if (!TERMINATOR.test(body)) {
      emit(block.start, block.end, block.kind);
      return;
    }
    let pieceStart = 0;
    for (const { index, segment } of segmentsOf(segmenter, body)) {
      const end = index + segment.length;
      if (end >= body.length) break;
      if (
        insideProtected(block.start + end) ||
        continuesAfter(segment, body.slice(end, end + 16).trimStart(), primary, page)
      )
        continue;
      const marker = inlineMarkerStart(segment);
      emit(block.start + pieceStart, block.start + (marker >= 0 ? index + marker : end), block.kind);
      pieceStart = end;
    }
    emit(block.start + pieceStart, block.end, block.kind);
  };

  for (const block of page ? pageBlocks(text) : scanBlocks(text)) splitBlock(block);
  return sentences;
}
