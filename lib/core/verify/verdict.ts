/**
 * A claim's verdict, derived by code from the judge's stances (never asked of the model):
 * support and no refutation → supported; refutation and no support → refuted; both → disputed;
 * only irrelevant passages (or none) → not enough evidence. "Could not check" is decided by the caller
 * when judging failed, and is never shown as false.
 */
import type { Stance, Verdict } from '../types';

/** The verdict the stances give, by the rules above. */
export function deriveVerdict(stances: readonly Stance[]): Verdict {
  const supports = stances.some((stance) => stance === 'supports' || stance === 'partially-supports');
  const refutes = stances.includes('refutes');
  if (supports && refutes) return 'disputed';
  if (refutes) return 'refuted';
  if (supports) return 'supported';
  return 'not-enough-evidence';
}
