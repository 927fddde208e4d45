/**
 * Where the first part of a too-long text ends: the page's offer "Check the first 50,000 characters" checks
 * whole sentences, so the cut goes after the last sentence that ends within the limit (found with the one
 * sentence splitter), else at the last space within it (one sentence longer than the limit), else at the
 * limit itself, never between the two halves of an emoji.
 */
import { splitSentences } from '../core/text/sentences';

/** Characters read past the limit, so the sentence running across it is seen whole and left out. */
const LOOKAHEAD = 2_000;

/** The end offset of the first part of `text` that is at most `limit` characters long. */
export function firstPartEnd(text: string, limit: number): number {
  if (text.length <= limit) return text.length;
  const sentences = splitSentences(text.slice(0, limit + LOOKAHEAD));
  const last = sentences.findLast((sentence) => sentence.end <= limit);
  if (last) return last.end;
  const space = text.lastIndexOf(' ', limit);
  if (space > 0) return space;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}
