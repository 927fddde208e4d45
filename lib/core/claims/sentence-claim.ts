/**
 * A sentence standing as its own claim when claim extraction did not give it one: the extraction failed or was
 * stopped before it reached the sentence. The sentence is then still shown and counted, as a claim that could not
 * be checked, never silently dropped. Only prose is read for claims (code blocks are not).
 */
import type { Claim, Sentence } from '../types';

/** Whether claims are read from this sentence (code is not). */
export function isProse(sentence: Sentence): boolean {
  return !('kind' in sentence) || (sentence as { kind?: string }).kind !== 'code';
}

/** The sentence as its one claim, with the id the sentence's first claim would have had. */
export function sentenceAsClaim(sentence: Sentence): Claim {
  return {
    id: `c${sentence.index}-0`,
    sentenceIndex: sentence.index,
    text: sentence.text,
    span: { start: sentence.start, end: sentence.end },
    anchored: true,
    checkWorthy: true,
  };
}
