/**
 * A passage's rationale as shown: the model's own words as written, or, for a rationale the pipeline wrote itself
 * because the judge gave none (`Judgement.rationaleCode`), its code worded in the interface language. A row stored
 * before the code, or with a code this build does not know, shows the English it stored.
 */
import type { Judgement } from '../core/types';
import { INTERFACE_WORDS, type Words } from './headline-words';

export function rationaleWords(
  judgement: Pick<Judgement, 'rationale' | 'rationaleCode'>,
  words: Words = INTERFACE_WORDS,
): string {
  switch (judgement.rationaleCode) {
    case 'no-rationale':
      return words.t('rationaleNotGiven');
    case 'not-judged':
      return words.t('rationaleNotJudged');
    default:
      return judgement.rationale;
  }
}
