/**
 * Rule-based check-worthiness for evidence-only mode (no model): a sentence is worth looking up when it
 * states a number, a date or a proper name, and is not a question, an opinion or an instruction. Rules are
 * Unicode-aware (`\p{…}` classes, Intl.Segmenter words, Intl month names), so they work in any language the
 * runtime knows; the word lists for opinions and instructions cover the commonest European languages and
 * are a best effort elsewhere (a sentence in another language is judged on its facts alone).
 */
import { STOPWORDS } from '../text/stopwords';

/** Why a sentence is, or is not, looked up. */
export type WorthinessReason = 'number' | 'date' | 'name' | 'question' | 'opinion' | 'instruction' | 'no-fact';

export interface Worthiness {
  checkWorthy: boolean;
  reason: WorthinessReason;
}

const QUESTION_END = /[?？؟\u037E]\s*["'”’»)\]]*\s*$/u;
const QUESTION_START = /^\s*[¿]/u;

/**
 * Opinion markers that make a sentence an opinion whatever facts it mentions: first-person or explicitly
 * evaluative framings ("I think", "in my opinion"). Lower case, matched as whole words or phrases.
 */
// i18n-exempt: words matched in the checked text to tell opinions from facts, never shown
const OPINION_MARKERS = [
  // English
  'i think',
  'i believe',
  'i feel',
  'i guess',
  'i suppose',
  'i reckon',
  'i love',
  'i hate',
  'we think',
  'we believe',
  'we feel',
  'we love',
  'in my opinion',
  'in my view',
  'in our opinion',
  'in our view',
  'personally',
  // Spanish / Portuguese / Italian / French / German
  'creo que',
  'pienso que',
  'en mi opinión',
  'me parece',
  'acho que',
  'na minha opinião',
  'penso che',
  'secondo me',
  'a mio parere',
  'je pense',
  'je crois',
  'à mon avis',
  'selon moi',
  'ich denke',
  'ich glaube',
  'meiner meinung nach',
  'meines erachtens',
];

/**
 * Weak markers of judgement, advice or hedging. Factual sentences use them all the time ("should be stored
 * at 2 to 8 °C", "probably built in 1200"), so they only make a sentence an opinion when it states no
 * number, date or name to look up.
 */
// i18n-exempt: words matched in the checked text to tell opinions from facts, never shown
const WEAK_OPINION_MARKERS = [
  'should',
  'ought to',
  'must be',
  'the best',
  'the worst',
  'beautiful',
  'amazing',
  'awful',
  'terrible',
  'wonderful',
  'overrated',
  'underrated',
  'probably',
  'perhaps',
  'maybe',
  'vielleicht',
  'peut-être',
  'quizás',
  'tal vez',
  'forse',
  'talvez',
];

/** Politeness words that open a request whatever follows ("Please…", "Bitte…"), lower case. */
// i18n-exempt: words matched in the checked text to tell requests from facts, never shown
const REQUEST_OPENERS = new Set(['please', 'por favor', 'veuillez', 'bitte']);

/** Imperative verbs that open an instruction ("Click…", "Preheat…"), lower case. */
const IMPERATIVE_OPENERS = new Set([
  'click',
  'tap',
  'press',
  'select',
  'choose',
  'open',
  'close',
  'go',
  'visit',
  'see',
  'read',
  'try',
  'use',
  'make',
  'let',
  "let's",
  'add',
  'remove',
  'install',
  'download',
  'sign',
  'subscribe',
  'follow',
  'check',
  'note',
  'remember',
  'imagine',
  'consider',
  'do',
  "don't",
  'enter',
  'type',
  'call',
  'contact',
  'share',
  'join',
  'keep',
  'take',
  'put',
  'mix',
  'stir',
  'bake',
  'preheat',
  'run',
  'set',
  'avoid',
  'stop',
  'start',
  'wait',
  'ask',
  'buy',
  'get',
  'haga',
  'pulse',
  'cliquez',
  'klicken',
  'clicca',
  'clique',
]);

/**
 * Adverbs that open an instruction only before an imperative verb ("Never leave…", "Always check…"); "Never before
 * had…" is a statement.
 */
const IMPERATIVE_ADVERBS = new Set([
  'never',
  'always',
  'just',
  'simply',
  'nunca',
  'siempre',
  'jamais',
  'toujours',
  'nie',
  'immer',
]);

/**
 * Openers that are also past participles: followed by a preposition they start a declarative phrase
 * ("Set in 1920, the film…", "Run by the city since 1990, …"), not an order.
 */
const PARTICIPLE_OPENERS = new Set(['set', 'read', 'put', 'run', 'let']);
const PARTICIPLE_PREPOSITIONS = new Set(['in', 'by', 'on', 'at', 'during', 'since', 'from', 'between', 'for']);

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
        const name = format
          .format(new Date(Date.UTC(2000, m, 15)))
          .replace(/\.$/, '')
          .trim();
        // Short numeric forms ("1", "1月") say nothing a digit rule does not; 3+ letters avoid false hits.
        if (name.length >= 3 && !DIGIT.test(name)) names.add(name.toLowerCase());
      }
    }
    if (names.size > 0) {
      const escaped = [...names]
        .sort((a, b) => b.length - a.length)
        .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
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
  for (const segment of segmenter.segment(text))
    if (segment.isWordLike) words.push({ word: segment.segment, index: segment.index });
  return words;
}

function safeLocale(language: string): string {
  try {
    return Intl.getCanonicalLocales(language)[0] ?? 'und';
  } catch {
    return 'und';
  }
}

/** Hyphens and dashes that join two words into one ("check-ups", "best-selling", "peut-être"). */
const WORD_JOINERS = new Set(['-', '\u2010', '\u2011']);

/**
 * Words as a reader sees them: Intl.Segmenter's words, with hyphenated compounds joined back into one
 * ("Check-ups" is one word, not "Check" + "ups"), so markers and openers never match half a compound.
 */
export function joinedWordsOf(text: string, language: string): Array<{ word: string; index: number }> {
  const joined: Array<{ word: string; index: number }> = [];
  for (const current of wordsOf(text, language)) {
    const last = joined[joined.length - 1];
    const between = last ? text.slice(last.index + last.word.length, current.index) : '';
    if (last && WORD_JOINERS.has(between)) last.word = text.slice(last.index, current.index + current.word.length);
    else joined.push({ ...current });
  }
  return joined;
}

/**
 * A capitalised word: an upper- or title-case letter followed by a lower-case one ("Paris", "Ørsted"), or an acronym
 * ("NASA").
 */
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
  if (
    first &&
    !STOPWORDS.has(first.toLowerCase()) &&
    (/^[\p{Lu}]{2,}$/u.test(first) || (CAPITALISED.test(first) && words[1] && CAPITALISED.test(words[1].word)))
  )
    names.unshift(first);
  return names;
}

const markerPatterns = new Map<string, RegExp>();

/**
 * Whether `lower` holds one of `markers` as whole words: a hyphen counts as part of a word, so "the best" is not in
 * "the best-selling".
 */
function hasMarker(lower: string, markers: readonly string[]): boolean {
  return markers.some((marker) => {
    let pattern = markerPatterns.get(marker);
    if (!pattern) {
      pattern = new RegExp(
        `(?<![\\p{L}\\p{M}\\p{Nd}\\-\u2010\u2011])${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{M}\\p{Nd}\\-\u2010\u2011])`,
        'u',
      );
      markerPatterns.set(marker, pattern);
    }
    return pattern.test(lower);
  });
}

/**
 * Whether the sentence opens as an order or request: a politeness word, an imperative verb, or an adverb
 * before one ("Never leave…"). A participle opener followed by a preposition ("Set in 1920, …") is a
 * statement. "Preheat the oven to 200 °C." is an instruction even with its number: the number is a
 * setting to follow, not a fact about the world to look up.
 */
function isInstruction(openers: string[]): boolean {
  const [first = '', second = '', third = ''] = openers;
  if (REQUEST_OPENERS.has(first) || REQUEST_OPENERS.has(`${first} ${second}`)) return true;
  if (IMPERATIVE_ADVERBS.has(first))
    return IMPERATIVE_OPENERS.has(second) && !(PARTICIPLE_OPENERS.has(second) && PARTICIPLE_PREPOSITIONS.has(third));
  if (!IMPERATIVE_OPENERS.has(first)) return false;
  return !(PARTICIPLE_OPENERS.has(first) && PARTICIPLE_PREPOSITIONS.has(second));
}

/** Decides by rule whether a sentence is worth looking up; see the module comment. */
export function checkWorthiness(sentence: string, language: string): Worthiness {
  const text = sentence.trim();
  if (QUESTION_END.test(text) || QUESTION_START.test(text)) return { checkWorthy: false, reason: 'question' };
  const lower = text.toLocaleLowerCase(safeLocale(language));
  const openers = joinedWordsOf(text, language)
    .slice(0, 3)
    .map((w) => w.word.toLocaleLowerCase(safeLocale(language)));
  if (isInstruction(openers)) return { checkWorthy: false, reason: 'instruction' };
  if (hasMarker(lower, OPINION_MARKERS)) return { checkWorthy: false, reason: 'opinion' };
  // A number, a date or a name wins over weak markers ("should", "probably", "the best"): there is a fact to look up.
  const months = monthPattern(language);
  if ((months && months.test(text)) || CJK_DATE.test(text)) return { checkWorthy: true, reason: 'date' };
  if (DIGIT.test(text)) return { checkWorthy: true, reason: 'number' };
  if (properNames(text, language).length > 0) return { checkWorthy: true, reason: 'name' };
  if (hasMarker(lower, WEAK_OPINION_MARKERS)) return { checkWorthy: false, reason: 'opinion' };
  return { checkWorthy: false, reason: 'no-fact' };
}
