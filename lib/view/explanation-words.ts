/**
 * A claim's explanation as shown: the model's own words as written, or, for an explanation the pipeline wrote
 * itself (`ClaimAssessment.explanationCode`), its code worded in the interface language. A row stored before the
 * code, or with a code this build does not know, shows the English it stored.
 */
import type { ClaimAssessment } from '../core/types';
import { INTERFACE_WORDS, type Words } from './headline-words';

export function explanationWords(
  assessment: Pick<ClaimAssessment, 'explanation' | 'explanationCode'>,
  words: Words = INTERFACE_WORDS,
): string {
  switch (assessment.explanationCode) {
    case 'no-evidence':
      return words.t('explanationNoEvidence');
    default:
      return assessment.explanation;
  }
}
