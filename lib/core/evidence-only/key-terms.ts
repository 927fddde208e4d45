/**
 * Search queries without a model: a sentence's key terms, in its own language and order. Names, numbers
 * and long words carry a sentence's facts; function words are dropped by a short multilingual stopword list
 * and by length (scripts written with spaces), so "The Eiffel Tower was completed in 1889 in Paris"
 * becomes "Eiffel Tower completed 1889 Paris".
 */
import { STOPWORDS } from '../text/stopwords';
import { properNames, wordsOf } from './sentence-rules';

const MAX_TERMS = 8;

/** Letters of a script written without spaces: its words are short, so no length filter applies. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** A lone hiragana word is a particle or an inflection (は, が, した), not a key term. */
const HIRAGANA_ONLY = /^\p{Script=Hiragana}+$/u;

/** The sentence's key terms, in order, at most eight: names and numbers first when it has more. */
export function keyTerms(sentence: string, language: string): string[] {
  const names = new Set(properNames(sentence, language));
  const words = wordsOf(sentence, language).map(({ word }) => word);
  const candidates: Array<{ word: string; position: number; weight: number }> = [];
  const seen = new Set<string>();
  words.forEach((word, position) => {
    const lower = word.toLowerCase();
    if (seen.has(lower) || STOPWORDS.has(lower)) return;
    const isNumber = /\p{N}/u.test(word);
    const isName = names.has(word);
    if (!isNumber && !isName) {
      if (UNSPACED.test(word) ? HIRAGANA_ONLY.test(word) : [...word].length < 3) return;
    }
    seen.add(lower);
    candidates.push({ word, position, weight: isName || isNumber ? 2 : [...word].length >= 6 ? 1 : 0 });
  });
  const kept =
    candidates.length <= MAX_TERMS
      ? candidates
      : [...candidates].sort((a, b) => b.weight - a.weight || a.position - b.position).slice(0, MAX_TERMS);
  const ordered = kept.sort((a, b) => a.position - b.position).map((c) => c.word);
  return ordered.length > 0 ? ordered : [sentence.trim()];
}

/**
 * The query for a sentence: its key terms, space-separated (search engines read a space as "and", in
 * scripts written without spaces too).
 */
export function queryFor(sentence: string, language: string): string {
  return keyTerms(sentence, language).join(' ');
}

/**
 * A fact triple for the knowledge graph when the sentence names something: the first run of names is the
 * subject, the other key terms the predicate, its numbers the object. Without a name there is no triple.
 */
export function tripleFor(
  sentence: string,
  language: string,
): { subject: string; predicate: string; object: string } | undefined {
  const names = properNames(sentence, language);
  if (names.length === 0) return undefined;
  const words = wordsOf(sentence, language).map(({ word }) => word);
  const start = words.indexOf(names[0]!);
  let end = start;
  while (end + 1 < words.length && names.includes(words[end + 1]!)) end++;
  const subject = words.slice(start, end + 1).join(' ');
  const rest = keyTerms(sentence, language).filter((term) => !subject.split(' ').includes(term));
  const numbers = rest.filter((term) => /\p{N}/u.test(term));
  const predicate = rest.filter((term) => !/\p{N}/u.test(term)).join(' ');
  return predicate ? { subject, predicate, object: numbers.join(' ') } : undefined;
}
