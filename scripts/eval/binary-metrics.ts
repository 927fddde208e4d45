/** Precision, recall and F1 of a binary detector (here: "this is false"), plus accuracy. */
export interface Pair {
  predicted: boolean;
  actual: boolean;
}

export interface BinaryScores {
  n: number;
  positives: number;
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
}

export function binaryScores(pairs: readonly Pair[]): BinaryScores {
  const tp = pairs.filter((p) => p.predicted && p.actual).length;
  const fp = pairs.filter((p) => p.predicted && !p.actual).length;
  const fn = pairs.filter((p) => !p.predicted && p.actual).length;
  const correct = pairs.filter((p) => p.predicted === p.actual).length;
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  return {
    n: pairs.length,
    positives: tp + fn,
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    accuracy: pairs.length > 0 ? correct / pairs.length : 0,
  };
}

export function formatScores(label: string, s: BinaryScores): string {
  const f = (x: number) => x.toFixed(3);
  return `${label.padEnd(10)} n=${s.n} (false: ${s.positives})  precision ${f(s.precision)}  recall ${f(s.recall)}  F1 ${f(s.f1)}  accuracy ${f(s.accuracy)}`;
}
