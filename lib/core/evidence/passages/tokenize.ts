/**
 * A small Unicode-aware tokenizer for lexical ranking. Words are runs of letters and marks (`\p{L}\p{M}`),
 * numbers are runs of digits (`\p{N}`); all lowercased after NFKC, so full-width digits and ligatures match
 * their plain forms.
 * Scripts written without spaces (Han, Kana, Hangul, Thai, …) become overlapping character bigrams, the
 * usual dictionary-free choice for CJK retrieval (as Lucene's CJKBigramFilter does): a two-character
 * window catches most words without knowing where they end.
 */

/**
 * Scripts whose words are not separated by spaces. Script_Extensions rather than Script, so shared
 * characters such as the prolonged sound mark "ー" or the iteration mark "々" stay inside their words.
 */
const BIGRAM_SCRIPT = new RegExp(
  `[${['Han', 'Hiragana', 'Katakana', 'Hangul', 'Thai', 'Lao', 'Khmer', 'Myanmar'].map((s) => `\\p{Script_Extensions=${s}}`).join('')}]`,
  'u',
);

// Numbers and letter runs are separate tokens ("COVID-19", "1,400万人" and "mp3" all split at the digits),
// and a digit group keeps its separators ("1,400", "3.5", "2.962") so it reads as one number.
// Exported for the word-vector eval, which must split words exactly as the ranker does; use it only with
// matchAll (global flag: `exec`/`test` loops would share its lastIndex).
export const TOKEN = /\p{N}+(?:[.,]\p{N}+)*|[\p{L}\p{M}]+/gu;

/**
 * A short English stopword list: function words and question words (the type-aware question adds
 * "what"/"when"/"who" that no passage answers with). Other languages rely on IDF alone, which already
 * gives words found in every sentence almost no weight.
 */
const STOPWORDS = new Set(
  (
    'a an the and or but nor of to in on at by for with from into onto about as than then so if is are was ' +
    'were be been being am do does did doing have has had having it its this that these those there here ' +
    'he she they them his her their hers theirs we us our you your i me my mine not no yes can could will ' +
    'would shall should may might must also very just s t what which who whom whose when where why how ' +
    'all any some such each both other only own same too more most over under again further once up down ' +
    'out off per via'
  ).split(' '),
);

/**
 * Light English plural stemming ("justices" → "justice", "studies" → "study"): enough to match the
 * singular and plural of a noun, without Porter's over-merging of unrelated words. Only ASCII words
 * of five or more letters are touched, so short words and other languages pass through unchanged.
 */
export function stem(word: string): string {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/(?:ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Normalizes a number token: thousands separators dropped ("1,400" and "1.400" → "1400"), "3,5" → "3.5". */
export function normalizeNumber(token: string): string {
  if (/^\p{N}{1,3}(?:([.,])\p{N}{3})(?:\1\p{N}{3})*$/u.test(token)) return token.replace(/[.,]/g, '');
  return token.replace(',', '.');
}

/** Splits a run into chunks of one kind: bigram-script characters versus everything else. */
function* chunks(run: string): Generator<{ text: string; bigram: boolean }> {
  let current = '';
  let bigram = false;
  for (const char of run) {
    const isBigram = BIGRAM_SCRIPT.test(char);
    // Combining marks stay with their base character whatever their script property says.
    if (current && isBigram !== bigram && !/\p{M}/u.test(char)) {
      yield { text: current, bigram };
      current = '';
    }
    if (!current) bigram = isBigram;
    current += char;
  }
  if (current) yield { text: current, bigram };
}

/** Overlapping two-character windows; a single character stands alone. */
function bigrams(text: string): string[] {
  const chars = Array.from(text.replace(/\p{M}/gu, ''));
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  return out;
}

export interface TokenizeOptions {
  /** Keep stopwords (for positions-sensitive signals); default false. */
  keepStopwords?: boolean;
}

/**
 * Tokens of `text` in reading order: lowercased, stemmed words; numbers normalized; CJK bigrams.
 * Stopwords are dropped unless asked for.
 */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const out: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(TOKEN)) {
    const run = match[0];
    if (/^\p{N}/u.test(run)) {
      out.push(normalizeNumber(run));
      continue;
    }
    for (const chunk of chunks(run)) {
      if (chunk.bigram) {
        out.push(...bigrams(chunk.text));
      } else if (options.keepStopwords || !STOPWORDS.has(chunk.text)) {
        out.push(stem(chunk.text));
      }
    }
  }
  return out;
}
