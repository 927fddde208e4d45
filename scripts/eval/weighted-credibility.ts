import type { Stance, Verdict } from '../../lib/core/types';
import { deriveVerdict } from '../../lib/core/verify/verdict';

/**
 * Stances weighted by their source's reliability (e.g. Lin et al.'s pc1). NOT used by Factlight's scoring,
 * which stays unweighted: on Factcheck-Bench's human stances weighting does not improve the verdicts
 * (`npm run eval -- verdict-rules`, BENCHMARKS.md), because refuting evidence there rarely comes from
 * low-rated domains. Kept so that figure is reproducible from the project's own code.
 */
export interface WeightedStance {
  stance: Stance;
  /** 0–1; 1 for every item gives the unweighted rules. */
  weight: number;
}

const CREDIBILITY: Record<Stance, number | null> = {
  supports: 1,
  'partially-supports': 0.5,
  refutes: 0,
  irrelevant: null,
};

/** Credibility as `scoreClaim` computes it, with each relevant judgement counted by its weight. */
export function weightedCredibility(judged: readonly WeightedStance[]): number | null {
  let sum = 0;
  let total = 0;
  for (const { stance, weight } of judged) {
    const value = CREDIBILITY[stance];
    if (value === null) continue;
    sum += value * weight;
    total += weight;
  }
  return total > 0 ? sum / total : null;
}

/**
 * The verdict with support and refutation weighed against each other: when both are present the side with
 * more reliability weight wins ("disputed" on a tie). With all weights equal it differs from
 * `deriveVerdict` only on mixed evidence, which unweighted is always "disputed".
 */
export function weightedVerdict(judged: readonly WeightedStance[]): Verdict {
  const verdict = deriveVerdict(judged.map((entry) => entry.stance));
  if (verdict !== 'disputed') return verdict;
  const mass = (match: (stance: Stance) => boolean) =>
    judged.filter((entry) => match(entry.stance)).reduce((sum, entry) => sum + entry.weight, 0);
  const support = mass((stance) => stance === 'supports' || stance === 'partially-supports');
  const refute = mass((stance) => stance === 'refutes');
  if (refute > support) return 'refuted';
  return support > refute ? 'supported' : 'disputed';
}
