/**
 * The article-body metric of the public article extraction benchmark
 * (github.com/scrapinghub/article-extraction-benchmark, `evaluate.py`), re-implemented so our numbers
 * are comparable with its published table. What is matched, point by point:
 * - tokens are the matches of Python's `re.compile(r'\w+', re.UNICODE | re.IGNORECASE ...)`. Python's
 *   Unicode `\w` is "alphanumeric or underscore" (letters L*, numbers N*, `_`; combining marks are NOT
 *   word characters), hence `[\p{L}\p{N}_]+` with the `u` flag. Case is kept: IGNORECASE does not
 *   change what `\w` matches, and tokens are compared as found.
 * - shingles are 4-token tuples at every position; a text with 1–3 tokens yields one shorter shingle
 *   (`range(max(1, len - n + 1))` with `if shingle`), an empty text none.
 * - per page, shingles are counted as multisets: tp = Σ min(true, pred), fp = Σ max(0, pred − true),
 *   fn = Σ max(0, true − pred); then tp, fp, fn are divided by their sum so long pages weigh no more.
 * - precision is the mean over pages with tp + fp > 0, recall the mean over pages with tp + fn > 0
 *   (a page scores 1 when fp = fn = 0), and F1 is the harmonic mean of those two means, not a mean of
 *   per-page F1s. The benchmark's bootstrap confidence intervals are not reproduced.
 */

/** Normalised counts of one page: tp + fp + fn = 1, or all 0 when both texts are empty. */
export interface PageCounts {
  tp: number;
  fp: number;
  fn: number;
}

/** Corpus-level scores as the benchmark reports them. */
export interface ShingleScores {
  precision: number;
  recall: number;
  f1: number;
}

const TOKEN = /[\p{L}\p{N}_]+/gu;
const SHINGLE_SIZE = 4;

/** Splits text into word tokens the way the benchmark's `_tokenize` does. */
export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Counts the `n`-token shingles of `text` (a shingle key joins its tokens with a space). */
export function shingleCounts(text: string, n = SHINGLE_SIZE): Map<string, number> {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  const positions = Math.max(1, tokens.length - n + 1);
  for (let i = 0; i < positions; i++) {
    const shingle = tokens.slice(i, i + n);
    if (shingle.length === 0) continue;
    // Tokens never contain spaces, so joining with one keeps keys distinct.
    const key = shingle.join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Compares one predicted body with the true one (`string_shingle_matching`). */
export function pageCounts(truth: string, prediction: string): PageCounts {
  const expected = shingleCounts(truth);
  const predicted = shingleCounts(prediction);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...expected.keys(), ...predicted.keys()])) {
    const t = expected.get(key) ?? 0;
    const p = predicted.get(key) ?? 0;
    tp += Math.min(t, p);
    fp += Math.max(0, p - t);
    fn += Math.max(0, t - p);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn };
}

function precisionOf({ tp, fp, fn }: PageCounts): number {
  if (fp === 0 && fn === 0) return 1;
  return tp / (tp + fp);
}

function recallOf({ tp, fp, fn }: PageCounts): number {
  if (fp === 0 && fn === 0) return 1;
  return tp / (tp + fn);
}

function mean(values: number[]): number {
  // Python's statistics.mean raises on an empty list; NaN makes the same situation visible here.
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** Corpus precision, recall and F1 from per-page counts (`metrics_from_tp_fp_fns`). */
export function corpusScores(pages: PageCounts[]): ShingleScores {
  const precision = mean(pages.filter((p) => p.tp + p.fp > 0).map(precisionOf));
  const recall = mean(pages.filter((p) => p.tp + p.fn > 0).map(recallOf));
  const f1 = (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
