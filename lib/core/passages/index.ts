/** Passage selection for evidence: which part of a page (or which candidate passage) answers a claim. */
export { rankPassages, type RankedPassage, type RankPassagesOptions } from './rank-passages';
export { rankSentences, type RankedSentence, type RankSentencesInput } from './rank-sentences';
export { selectPassages, type SelectedPassage, type SelectPassagesInput } from './select-passages';
export { splitSentences } from './segment';
export { tokenize } from './tokenize';
