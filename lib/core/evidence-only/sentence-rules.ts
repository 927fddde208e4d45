import { STOPWORDS } from './stopwords';

/**
 * Rule-based check-worthiness for evidence-only mode (no model): a sentence is worth looking up when it
 * states a number, a date or a proper name, and is not a question, an opinion or an instruction. Rules are
 * Unicode-aware (`\p{…}` classes, Intl.Segmenter words, Intl month names), so they work in any language the
 * runtime knows; the word lists for opinions and instructions cover the commonest European languages and
 * are a best effort elsewhere (a sentence in another language is judged on its facts alone).
 */

/** Why a sentence is, or is not, looked up. */
export type WorthinessReason = 'number' | 'date' | 'name' | 'question' | 'opinion' | 'instruction' | 'no-fact';

export interface Worthiness {
  checkWorthy: boolean;
  reason: WorthinessReason;
}

const QUESTION_END = /[?？؟\u037E]\s*["'”’»)\]]*\s*$/u;
const QUESTION_START = /^\s*[¿]/u;

/** Opinion markers, lower case, matched as whole words or phrases at word boundaries. */
const OPINION_MARKERS = [
  // English
  'i think', 'i believe', 'i feel', 'in my opinion', 'in my view', 'i guess', 'i suppose', 'personally', 'should', 'ought to', 'must be', 'the best', 'the worst', 'beautiful', 'amazing', 'awful', 'terrible', 'wonderful', 'overrated', 'underrated', 'probably', 'perhaps', 'maybe', 'i love', 'i hate', 'we love',
  // Spanish / Portuguese / Italian / French / German
  'creo que', 'pienso que', 'en mi opinión', 'me parece', 'acho que', 'na minha opinião', 'penso che', 'secondo me', 'a mio parere', 'je pense', 'je crois', 'à mon avis', 'selon moi', 'ich denke', 'ich glaube', 'meiner meinung nach', 'meines erachtens', 'vielleicht', 'peut-être', 'quizás', 'tal vez', 'forse', 'talvez',
];

/** Words that open an instruction (imperative) sentence, lower case. */
const INSTRUCTION_OPENERS = new Set([
  'please', 'click', 'tap', 'press', 'select', 'choose', 'open', 'close', 'go', 'visit', 'see', 'read', 'try', 'use', 'make', 'let', "let's", 'add', 'remove', 'install', 'download', 'sign', 'subscribe', 'follow', 'check', 'note', 'remember', 'imagine', 'consider', 'do', "don't", 'never', 'always', 'enter', 'type', 'call', 'contact', 'share', 'join', 'keep', 'take', 'put', 'mix', 'stir', 'bake', 'preheat', 'run', 'set',
  'por favor', 'haga', 'pulse', 'veuillez', 'cliquez', 'bitte', 'klicken', 'clicca', 'clique',
]);

const DIGIT = /\p{Nd}/u;
/** CJK dates and counts written with their unit ("1889年", "三月"): the Nd rule covers the digits. */
const CJK_DATE = /[〇一二三四五六七八九十百千万億]+[年月日]/u;

const monthCache = new Map<string, RegExp | null>();

/** Month names in `language` (long and short, from Intl), as one case-insensitive whole-word pattern. */
function monthPattern(language: string): RegExp | null {
  if (monthCache.has(language)) return monthCache.get(language)!;
  let pattern: RegExp | null = null;
  try {
    const names = new Set<string>();
    for (const month of ['long', 'short'] as const) {
      const format = new Intl.DateTimeFormat(language, { month, timeZone: 'UTC' });
      for (let m = 0; m < 12; m++) {
        const name = format.format(new Date(Date.UTC(2000, m, 15))).replace(/\.$/, '').trim();
        // Short numeric forms ("1", "1月") say nothing a digit rule does not; 3+ letters avoid false hits.
        if (name.length >= 3 && !DIGIT.test(name)) names.add(name.toLowerCase());
      }
    }
    if (names.size > 0) {
      const escaped = [...names].sort((a, b) => b.length - a.length).map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      pattern = new RegExp(`(?<![\\p{L}\\p{M}])(?:${escaped.join('|')})(?![\\p{L}\\p{M}])`, 'iu');
    }
  } catch {
    pattern = null;
  }
  monthCache.set(language, pattern);
  return pattern;
}

/** The words of a text (Intl.Segmenter, word-like segments only), with their offsets. */
export function wordsOf(text: string, language: string): Array<{ word: string; index: number }> {
  const segmenter = new Intl.Segmenter(safeLocale(language), { granularity: 'word' });
  const words: Array<{ word: string; index: number }> = [];
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words.push({ word: segment.segment, index: segment.index });
  return words;
}

function safeLocale(language: string): string {
  try {
    return Intl.getCanonicalLocales(language)[0] ?? 'und';
  } catch {
    return 'und';
  }
}

/** A capitalised word: an upper- or title-case letter followed by a lower-case one ("Paris", "Ørsted"), or an acronym ("NASA"). */
const CAPITALISED = /^[\p{Lu}\p{Lt}](?:[\p{Ll}\p{M}'’-]|$)|^[\p{Lu}]{2,}$/u;
/** Katakana runs name foreign people and places in Japanese; a run of three or more counts as a name. */
const KATAKANA_NAME = /\p{Script=Katakana}{3,}/u;

/** Proper names: capitalised words after the first word (where capitals are not just sentence case). */
export function properNames(text: string, language: string): string[] {
  const words = wordsOf(text, language);
  const names: string[] = [];
  words.forEach(({ word }, position) => {
    if (position > 0 && CAPITALISED.test(word)) names.push(word);
    else if (KATAKANA_NAME.test(word)) names.push(word);
  });
  // A first word that is an acronym or followed by another capitalised word ("New York …") is a name too.
  const first = words[0]?.word;
  if (first && !STOPWORDS.has(first.toLowerCase()) && (/^[\p{Lu}]{2,}$/u.test(first) || (CAPITALISED.test(first) && words[1] && CAPITALISED.test(words[1].word)))) names.unshift(first);
  return names;
}

function hasMarker(lower: string, markers: readonly string[]): boolean {
  return markers.some((marker) => new RegExp(`(?<![\\p{L}\\p{M}])${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{M}])`, 'u').test(lower));
}

/** Decides by rule whether a sentence is worth looking up; see the module comment. */
export function checkWorthiness(sentence: string, language: string): Worthiness {
  const text = sentence.trim();
  if (QUESTION_END.test(text) || QUESTION_START.test(text)) return { checkWorthy: false, reason: 'question' };
  const lower = text.toLocaleLowerCase(safeLocale(language));
  const words = wordsOf(text, language);
  const firstWord = words[0]?.word.toLocaleLowerCase(safeLocale(language)) ?? '';
  const firstTwo = words.slice(0, 2).map((w) => w.word.toLocaleLowerCase(safeLocale(language))).join(' ');
  if (INSTRUCTION_OPENERS.has(firstWord) || INSTRUCTION_OPENERS.has(firstTwo)) return { checkWorthy: false, reason: 'instruction' };
  if (hasMarker(lower, OPINION_MARKERS)) return { checkWorthy: false, reason: 'opinion' };
  const months = monthPattern(language);
  if ((months && months.test(text)) || CJK_DATE.test(text)) return { checkWorthy: true, reason: 'date' };
  if (DIGIT.test(text)) return { checkWorthy: true, reason: 'number' };
  if (properNames(text, language).length > 0) return { checkWorthy: true, reason: 'name' };
  return { checkWorthy: false, reason: 'no-fact' };
}
