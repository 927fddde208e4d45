/**
 * The part of a linked page the judge reads: the sentences that best match the citing sentence (the
 * passage ranker's choice), or those around the link's own `#:~:text=` quote when the page has it, widened
 * by neighbouring sentences while the passage stays under MAX_PASSAGE_CHARS.
 */
import { rankSentences } from '../../evidence/passages/rank-sentences';
import { splitSentences } from '../../text/sentences';
import type { TextSpan } from '../../types';

/**
 * At most this many characters per link: about 300 tokens, so a batch of 20 links stays near 6k prompt
 * tokens, while a paragraph with the sentence before and after it (the context a citation relies on) fits.
 */
export const MAX_PASSAGE_CHARS = 1_200;
/** Sentences added on each side of the best one at most, even when more would fit. */
const MAX_CONTEXT = 3;

export interface LinkPassageOptions {
  /** Where the link's quote was found in `text`; the passage is built around it instead of ranking. */
  anchor?: TextSpan;
  /** BCP 47 language of the page, for sentence splitting. */
  lang?: string;
  signal?: AbortSignal;
}

/** A cut of `text` of at most `max` characters centred on `span`, with "…" where it was cut. */
function cutAround(text: string, span: TextSpan, max: number): string {
  const middle = Math.floor((span.start + span.end) / 2);
  const start = Math.max(0, Math.min(middle - Math.floor(max / 2), text.length - max));
  const end = Math.min(text.length, start + max);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** The passage of `text` (a page's main text) to judge against `query` (the citing sentence). */
export async function linkPassage(text: string, query: string, options: LinkPassageOptions = {}): Promise<string> {
  if (text.length <= MAX_PASSAGE_CHARS) return text;
  const sentences = splitSentences(text, options.lang, 'page');
  if (sentences.length === 0) return cutAround(text, { start: 0, end: 0 }, MAX_PASSAGE_CHARS);
  let lo: number;
  let hi: number;
  const { anchor } = options;
  if (anchor) {
    lo = sentences.findIndex((sentence) => sentence.end > anchor.start);
    hi = sentences.reduce((last, sentence, i) => (sentence.start < anchor.end ? i : last), -1);
    if (lo < 0 || hi < lo) return cutAround(text, anchor, MAX_PASSAGE_CHARS);
  } else {
    const best =
      (
        await rankSentences({
          query,
          sentences,
          contextSentences: 1,
          ...(options.signal ? { signal: options.signal } : {}),
        })
      )[0]?.index ?? 0;
    lo = best;
    hi = best;
  }
  const span = (from: number, to: number) => ({ start: sentences[from]?.start ?? 0, end: sentences[to]?.end ?? 0 });
  const core = span(lo, hi);
  if (core.end - core.start > MAX_PASSAGE_CHARS) return cutAround(text, anchor ?? core, MAX_PASSAGE_CHARS);
  const fits = (from: number, to: number) => {
    const { start, end } = span(from, to);
    return end - start <= MAX_PASSAGE_CHARS;
  };
  for (let step = 0; step < MAX_CONTEXT; step += 1) {
    // The sentence before first: "it" and "that year" usually point backwards.
    if (lo > 0 && fits(lo - 1, hi)) lo -= 1;
    if (hi < sentences.length - 1 && fits(lo, hi + 1)) hi += 1;
  }
  const { start, end } = span(lo, hi);
  return text.slice(start, end);
}
