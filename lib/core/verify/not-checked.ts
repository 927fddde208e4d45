/**
 * Why a claim stands as "could not check", in the words every report uses. A claim stopped by the token
 * budget or a cancel was not tried to the end; any other reason is a failure (a model or search that did not
 * answer), which a check states once, at its top (score/failures.ts groups them).
 */
import { englishError } from '../error-notices';

export const NOT_CHECKED_BUDGET = englishError({ code: 'not-checked-budget' });
export const NOT_CHECKED_CANCELLED = englishError({ code: 'not-checked-cancelled' });

/** Older checks stored a failure as "Could not check: <cause>"; the cause alone is what a person needs. */
const OLD_PREFIX = 'Could not check: ';

/** The cause of a claim's failure, or undefined when the claim was stopped (budget, cancel) rather than failed. */
export function failureCause(error: string | undefined): string | undefined {
  if (!error || error === NOT_CHECKED_BUDGET || error === NOT_CHECKED_CANCELLED) return undefined;
  return error.startsWith(OLD_PREFIX) ? error.slice(OLD_PREFIX.length) : error;
}
