/**
 * Why claims could not be checked, summed up for the line a person reads first: when one cause stopped
 * most of them (an account out of credit, a refused key, a provider that asked to wait too long), that cause
 * is the check's headline, not "Check complete." with the reason hidden in each claim's card.
 */
import type { ClaimAssessment } from '../core/types';

export interface UncheckedSummary {
  /** Claims whose verdict is "could not check". */
  count: number;
  /** The reason most of them share (more than half), without its "Could not check:" prefix. */
  sharedReason?: string;
}

const PREFIX = /^(?:Could not check|Not checked):\s*/;

export function uncheckedSummary(assessments: Iterable<ClaimAssessment>): UncheckedSummary {
  const reasons = new Map<string, number>();
  let count = 0;
  for (const assessment of assessments) {
    if (assessment.verdict !== 'could-not-check') continue;
    count += 1;
    const reason = (assessment.error ?? assessment.explanation ?? '').replace(PREFIX, '').trim();
    if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const [top] = [...reasons].sort((a, b) => b[1] - a[1]);
  return top && top[1] * 2 > count ? { count, sharedReason: top[0] } : { count };
}
