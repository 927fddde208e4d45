/**
 * Fitting the passage feature weights for `npm run eval -- passages` (the product only uses the fixed
 * constants `PASSAGE_WEIGHTS`; nothing here runs in the extension).
 *
 * The model is linear, `score = w · features`, fitted by a listwise logistic loss: per claim, the softmax
 * of its candidates' scores, maximising the probability mass on the relevant ones (ListNet with a
 * top-one target shared by the relevant candidates), plus an L2 penalty. That loss rewards putting some
 * relevant passage on top, which is what P@1 and MRR measure. Claims whose candidates are all relevant
 * or all irrelevant carry no gradient and are skipped. Plain batch gradient descent from w = 0: the loss
 * is convex and there are four features, so it converges in a few hundred steps.
 *
 * Figures are printed in three ways so a fitted number is never mistaken for a held-out one:
 * in-sample (fit on every claim, scored on the same), k-fold cross-validation by claim (each claim scored
 * by weights fitted without it) and the fixed dev/held-out split (fit on dev, score held-out).
 */
import { fnv1a } from '../../lib/core/model/stable-hash';

export interface FitItem {
  /** One feature vector per candidate. */
  features: readonly (readonly number[])[];
  /** Indices of the relevant candidates. */
  relevant: ReadonlySet<number>;
}

export interface FitOptions {
  /** L2 penalty on the weights; default 0.01. */
  l2?: number;
  /** Gradient steps; default 400. */
  steps?: number;
  /** Step size; default 1. */
  rate?: number;
}

/** Weights maximising the mean log softmax mass on relevant candidates, minus `l2 · |w|² / 2`. */
export function fitListwise(items: readonly FitItem[], options: FitOptions = {}): number[] {
  const { l2 = 0.01, steps = 400, rate = 1 } = options;
  const useful = items.filter((item) => item.relevant.size > 0 && item.relevant.size < item.features.length);
  const dim = useful[0]?.features[0]?.length ?? items[0]?.features[0]?.length ?? 0;
  const w = new Array<number>(dim).fill(0);
  if (useful.length === 0) return w;
  for (let step = 0; step < steps; step++) {
    const gradient = new Array<number>(dim).fill(0);
    for (const { features, relevant } of useful) {
      const scores = features.map((row) => row.reduce((sum, v, k) => sum + v * (w[k] ?? 0), 0));
      const top = Math.max(...scores);
      const exp = scores.map((s) => Math.exp(s - top));
      const all = exp.reduce((a, b) => a + b, 0);
      let rel = 0;
      relevant.forEach((i) => (rel += exp[i] ?? 0));
      features.forEach((row, i) => {
        // d/ds_i of −log(Σ_rel e^s / Σ_all e^s)
        const coef = (exp[i] ?? 0) / all - (relevant.has(i) ? (exp[i] ?? 0) / rel : 0);
        row.forEach((v, k) => (gradient[k] = (gradient[k] ?? 0) + coef * v));
      });
    }
    for (let k = 0; k < dim; k++) w[k] = (w[k] ?? 0) - rate * ((gradient[k] ?? 0) / useful.length + l2 * (w[k] ?? 0));
  }
  return w;
}

/** `w` divided by its first weight (the lexical score's) and rounded: the form `PASSAGE_WEIGHTS` is written in. */
export function asConstants(w: readonly number[], digits = 2): number[] {
  const scale = w[0] && w[0] > 0 ? w[0] : 1;
  return w.map((v) => Number((v / scale).toFixed(digits)));
}

/** The cross-validation fold of a claim id: a hash independent of the dev/held-out split. */
export function foldOf(id: string, folds: number): number {
  return fnv1a(`${id}#fold`) % folds;
}

/**
 * For every item, the weights fitted on the other folds (items with the same `foldOf` are left out
 * together), so each item is scored by a model that never saw it.
 */
export function crossValidatedWeights(
  items: ReadonlyArray<FitItem & { id: string }>,
  folds = 5,
  options: FitOptions = {},
): number[][] {
  const perFold = Array.from({ length: folds }, (_, f) =>
    fitListwise(
      items.filter((item) => foldOf(item.id, folds) !== f),
      options,
    ),
  );
  return items.map((item) => perFold[foldOf(item.id, folds)] ?? []);
}
