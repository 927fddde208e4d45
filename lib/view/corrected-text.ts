import type { Revision, Sentence } from '../core/types';

/**
 * The checked text with every revision applied at its sentence's offsets, so everything that was not
 * revised stays exactly as written (spacing, line breaks, other sentences).
 */
export function applyRevisions(text: string, sentences: readonly Sentence[], revisions: readonly Revision[]): string {
  const byIndex = new Map(sentences.map((sentence) => [sentence.index, sentence]));
  const edits = revisions
    .map((revision) => {
      const sentence = byIndex.get(revision.sentenceIndex);
      if (!sentence) return undefined;
      // The revision's `original` is normally the sentence itself; when the sentence carries extra
      // characters (a list marker, trailing space) replace only the original's occurrence inside it.
      const inside = text.slice(sentence.start, sentence.end).indexOf(revision.original);
      return inside >= 0 && revision.original
        ? {
            start: sentence.start + inside,
            end: sentence.start + inside + revision.original.length,
            revised: revision.revised,
          }
        : { start: sentence.start, end: sentence.end, revised: revision.revised };
    })
    .filter((edit): edit is { start: number; end: number; revised: string } => edit !== undefined)
    .sort((a, b) => b.start - a.start);
  let result = text;
  for (const edit of edits) result = result.slice(0, edit.start) + edit.revised + result.slice(edit.end);
  return result;
}
