/**
 * A cheap language guess for choosing segmentation and abbreviation rules, and for telling the model what
 * language the text is in. It is honest about its limits:
 * - the script decides for non-Latin text, so Arabic-script Urdu or Persian report 'ur' / 'fa' only
 *   when letters Arabic lacks appear (else 'ar'), Ukrainian/Bulgarian/Serbian report 'ru' unless Ukrainian-only
 *   letters appear, and Han without kana is always 'zh';
 * - Latin text is told apart by counting a few very common function words of seven languages, which works
 *   on sentences and paragraphs but not on a title or a list of names (those come out 'en');
 * - only the first SAMPLE_CHARS characters are read, so the cost does not grow with the text.
 * Segmentation needs a best guess; `detectTextLanguage` (detect-text-language.ts) says whether it is reliable enough
 * to name to a model.
 */

import { isPlainAscii } from './plain-ascii';

const SAMPLE_CHARS = 4_000;

type Script = 'latin' | 'greek' | 'cyrillic' | 'hebrew' | 'arabic' | 'devanagari' | 'thai' | 'hangul' | 'kana' | 'han';

const RANGES: ReadonlyArray<readonly [number, number, Script]> = [
  [0x41, 0x5a, 'latin'],
  [0x61, 0x7a, 'latin'],
  [0xc0, 0x24f, 'latin'],
  [0x1e00, 0x1eff, 'latin'],
  [0x370, 0x3ff, 'greek'],
  [0x1f00, 0x1fff, 'greek'],
  [0x400, 0x52f, 'cyrillic'],
  [0x590, 0x5ff, 'hebrew'],
  [0x600, 0x6ff, 'arabic'],
  [0x750, 0x77f, 'arabic'],
  [0x8a0, 0x8ff, 'arabic'],
  [0xfb50, 0xfdff, 'arabic'],
  [0xfe70, 0xfeff, 'arabic'],
  [0x900, 0x97f, 'devanagari'],
  [0xe00, 0xe7f, 'thai'],
  [0x1100, 0x11ff, 'hangul'],
  [0x3130, 0x318f, 'hangul'],
  [0xac00, 0xd7af, 'hangul'],
  [0x3040, 0x30ff, 'kana'],
  [0x31f0, 0x31ff, 'kana'],
  [0xff66, 0xff9f, 'kana'],
  [0x3400, 0x4dbf, 'han'],
  [0x4e00, 0x9fff, 'han'],
  [0xf900, 0xfaff, 'han'],
  [0x20000, 0x2fa1f, 'han'],
];

const SCRIPT_LANGUAGE: Partial<Record<Script, string>> = {
  greek: 'el',
  cyrillic: 'ru',
  hebrew: 'he',
  arabic: 'ar',
  devanagari: 'hi',
  thai: 'th',
  hangul: 'ko',
  han: 'zh',
};

/** Frequent short words of each language; overlaps ("is", "que") count for every language that has them. */
const FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['the', 'and', 'is', 'of', 'to', 'in', 'that', 'was', 'with', 'for', 'are', 'it'],
  de: [
    'der',
    'die',
    'das',
    'und',
    'ist',
    'nicht',
    'ein',
    'eine',
    'mit',
    'auf',
    'den',
    'sich',
    'auch',
    'wurde',
    'war',
    'es',
    'im',
    'zu',
    'von',
    'dass',
    'wird',
  ],
  fr: ['le', 'la', 'les', 'et', 'est', 'une', 'des', 'du', 'dans', 'pour', 'qui', 'pas', 'sur', 'au'],
  es: ['el', 'los', 'las', 'y', 'es', 'una', 'del', 'que', 'por', 'con', 'para', 'fue', 'como', 'se'],
  it: ['il', 'di', 'che', 'è', 'gli', 'della', 'per', 'non', 'sono', 'con', 'nel', 'una', 'anche'],
  pt: ['o', 'os', 'que', 'não', 'uma', 'com', 'para', 'do', 'da', 'em', 'foi', 'são', 'dos'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'niet', 'dat', 'zijn', 'met', 'voor', 'ook', 'werd'],
};

function scriptOf(codePoint: number): Script | null {
  for (const [low, high, script] of RANGES) {
    if (codePoint >= low && codePoint <= high) return script;
  }
  return null;
}

/**
 * The words of a Latin-script sample, lower-cased, without URLs and addresses, which are not prose: "example.com"
 * would count as Portuguese "com", "en.wikipedia" as Dutch. The Unicode patterns' letter classes and case folding take
 * ~0.5 ms to build the first time in a worker (issue 27); on plain ASCII text the ASCII patterns find the same words,
 * so the Unicode ones are built only for text beyond it.
 */
export function proseWords(sample: string): string[] {
  const ascii = isPlainAscii(sample);
  // Only the chosen branch's patterns are built (a regular expression literal is built when first evaluated).
  const notProse = ascii
    ? /(?<!\S)(?:\S*[/@]\S*|\S+\.(?:com|org|net|html?)\b)/gi
    : /(?<!\S)(?:\S*[/@]\S*|\S+\.(?:com|org|net|html?)\b)/giu;
  const letters = ascii ? /[a-z]+/g : /\p{L}+/gu;
  return sample.replace(notProse, ' ').toLowerCase().match(letters) ?? [];
}

/**
 * What a guess rests on, for telling whether it is reliable (text/detect-text-language.ts, kept apart so the
 * check intake, which only splits, does not carry it): the sample read, and for Latin text the function-word
 * counts of the two languages with most.
 */
export interface LanguageGuess {
  language: string;
  sample: string;
  latin?: { top: number; runnerUp: number };
}

function guessLatin(sample: string): LanguageGuess {
  const counts = new Map<string, number>();
  for (const word of proseWords(sample)) counts.set(word, (counts.get(word) ?? 0) + 1);
  let best = 'en';
  // Another language must be seen at least twice: one "es" or "die" in English text proves nothing.
  let bestScore = 1;
  let top = 0;
  let runnerUp = 0;
  for (const [language, words] of Object.entries(FUNCTION_WORDS)) {
    const score = words.reduce((sum, word) => sum + (counts.get(word) ?? 0), 0);
    // Strictly greater, with English listed first: a tie keeps English.
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
    if (score > top) [top, runnerUp] = [score, top];
    else if (score > runnerUp) runnerUp = score;
  }
  return { language: best, sample, latin: { top, runnerUp } };
}

/**
 * Guesses the language of `text` as a BCP 47 primary tag ('en', 'de', 'ja', 'zh', 'ar', …) from its script
 * and, for Latin script, from function words. Returns 'en' for empty or script-less text.
 */
export function detectLanguage(text: string): string {
  return guessLanguage(text).language;
}

/** `detectLanguage`'s guess with what it rests on. */
export function guessLanguage(text: string): LanguageGuess {
  const sample = text.slice(0, SAMPLE_CHARS);
  const counts = new Map<Script, number>();
  for (const char of sample) {
    const script = scriptOf(char.codePointAt(0) ?? 0);
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  const kana = counts.get('kana') ?? 0;
  const han = counts.get('han') ?? 0;
  // Japanese mixes kanji with kana; a few kana in Chinese text (a quoted name) do not make it Japanese.
  if (kana > 0 && kana >= 0.05 * (kana + han)) counts.set('kana', kana + han);
  let top: Script | null = null;
  for (const [script, count] of counts) if (top === null || count > (counts.get(top) ?? 0)) top = script;
  if (top === null || top === 'latin') return guessLatin(sample);
  const guess = (language: string): LanguageGuess => ({ language, sample });
  if (top === 'kana') return guess('ja');
  if (top === 'arabic' && /[ٹڈڑںے]/u.test(sample)) return guess('ur');
  if (top === 'arabic' && /[پچژگ]/u.test(sample)) return guess('fa');
  if (top === 'cyrillic' && /[іїєґ]/iu.test(sample)) return guess('uk');
  return guess(SCRIPT_LANGUAGE[top] ?? 'en');
}
