/**
 * Why claims could not be judged, said once for the whole check: the claims that failed share a cause
 * (the model did not answer, every search failed), and a person needs it at the top of the result, not
 * repeated on every claim. Claims stopped by the token budget or a cancel did not fail: the check's own
 * status line says why they stopped.
 */
import type { ErrorNotice } from '../error-notices';
import type { ClaimAssessment } from '../types';
import { failureCause } from '../verify/not-checked';

export interface FailureCause {
  /** The cause in words, as the adapter said it ("Could not reach http://127.0.0.1:8080/v1."). */
  message: string;
  /** How many claims failed for it. */
  claims: number;
  /** The cause as a code, when the adapter gave one: the views word it (lib/view/error-words.ts). */
  notice?: ErrorNotice;
}

/**
 * What makes two claims' failures one cause: their words, except for a failed search, which is one cause whenever its
 * first failed source is the same. How many other sources failed beside it differs from claim to claim (one had an
 * English query, one a triple for Wikidata), and counting each count as a cause of its own said "(and 2 other reasons)"
 * under a check whose every search had failed for the same reason.
 */
function causeKey(message: string, notice: ErrorNotice | undefined): string {
  return notice?.code === 'search-failed' && notice.cause !== undefined ? `search-failed\n${notice.cause}` : message;
}

/** The count of other failed sources a search failure's notice names, 0 for any other notice. */
const othersOf = (notice: ErrorNotice | undefined): number => (notice?.code === 'search-failed' ? notice.others : 0);

/**
 * The causes of failed claims, the most common first (ties in the order they were met). A failed search is said with
 * the most other failed sources any of its claims met.
 */
export function failureCauses(assessments: Iterable<ClaimAssessment>): FailureCause[] {
  const byKey = new Map<string, FailureCause>();
  for (const assessment of assessments) {
    if (assessment.verdict !== 'could-not-check') continue;
    const message = failureCause(assessment.error);
    if (!message) continue;
    const key = causeKey(message, assessment.errorNotice);
    const cause = byKey.get(key);
    if (!cause) {
      byKey.set(key, { message, claims: 1, ...(assessment.errorNotice ? { notice: assessment.errorNotice } : {}) });
      continue;
    }
    cause.claims += 1;
    if (othersOf(assessment.errorNotice) > othersOf(cause.notice)) {
      cause.message = message;
      if (assessment.errorNotice) cause.notice = assessment.errorNotice;
    }
  }
  return [...byKey.values()].sort((a, b) => b.claims - a.claims);
}

/**
 * The failure a check with failed claims leads with, as counts: `failed` of `claims` could not be judged,
 * for `cause` (the most common) and `others` other causes. lib/view/headline-words.ts (`failureWords`) words
 * it: in the interface language in the views, from the English catalogue for `npm run check` and the export.
 */
export interface FailureSummary {
  failed: number;
  claims: number;
  cause: FailureCause;
  others: number;
}

/** The failure to lead with, or undefined when no claim failed. */
export function failureOf(causes: readonly FailureCause[], claims: number): FailureSummary | undefined {
  const [first] = causes;
  if (!first) return undefined;
  const failed = causes.reduce((sum, cause) => sum + cause.claims, 0);
  return { failed, claims, cause: first, others: causes.length - 1 };
}
