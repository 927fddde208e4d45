/**
 * A new check's first rows, without Dexie: the progress it starts from and its sentences as stored rows. Shared by
 * the check writer (check-writer.ts), a new check (lib/background/new-check.ts) and the check intake, which writes
 * them straight into IndexedDB before the engine (and Dexie) is loaded (issue 27).
 */
import type { Sentence } from '../core/types';
import type { CheckProgress, SentenceRecord } from './entities';

export const EMPTY_PROGRESS: CheckProgress = { sentences: 0, claims: 0, checkWorthy: 0, verdicts: 0, evidence: 0 };

/**
 * A check's sentences as stored rows. Their ids are the check's and the sentence's, so a run that splits the text
 * itself (a check stored without its sentences) overwrites rows already there instead of adding to them; a run
 * given the rows the check was created with (new-check.ts, stored-split.ts) does not write them again.
 */
export function sentenceRows(checkId: string, sentences: readonly Sentence[]): SentenceRecord[] {
  return sentences.map((sentence) => ({ ...sentence, id: `${checkId}:s${sentence.index}`, checkId }));
}
