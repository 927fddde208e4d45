/**
 * The sentences a check was written with (new-check.ts: `splitSentences(text, language)`, one row each), read back
 * for its run, which then does not split the same text again nor rewrite the rows (issue 27). A check without them
 * (stored before, or by a run stopped before its first step) gives none, and its run splits the text as it did.
 */
import type { TextSplit } from '../core/text/run-sentences';
import type { SentenceKind, SentenceWithKind } from '../core/text/sentences';
import type { CheckRecord, SentenceRecord } from './entities';
import type { FactlightDb } from './schema';

/** Every kind a sentence has (typed: a kind added to the splitter must be added here). */
const KINDS: Record<SentenceKind, true> = { prose: true, code: true, 'list-item': true, heading: true };

/**
 * The check's stored split, or nothing when its rows are not all there (as many as `progress.sentences`, each with
 * its kind) or its language is not known: the split is taken only whole, as the splitter gave it.
 */
export async function storedSplit(
  db: FactlightDb,
  check: Pick<CheckRecord, 'id' | 'language' | 'progress'>,
): Promise<TextSplit | undefined> {
  const count = check.progress.sentences;
  if (!check.language || count === 0) return undefined;
  // Row ids order "s10" before "s2": the reading order is the index.
  const rows = await db.sentences.where('checkId').equals(check.id).sortBy('index');
  if (rows.length !== count) return undefined;
  const sentences: SentenceWithKind[] = [];
  for (const row of rows) {
    const sentence = asSentence(row);
    if (!sentence) return undefined;
    sentences.push(sentence);
  }
  return { language: check.language, sentences };
}

/** The row as the splitter's sentence (without the row's own id and check), or nothing for a row without a kind. */
function asSentence(row: SentenceRecord): SentenceWithKind | undefined {
  const { index, start, end, text, kind } = row;
  if (!kind || !Object.hasOwn(KINDS, kind)) return undefined;
  return { index, start, end, text, kind: kind as SentenceKind };
}
