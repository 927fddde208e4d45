import { browser } from 'wxt/browser';

import type { CheckRecord } from '../../../lib/db/entities';
import type { UncheckedSummary } from '../../../lib/view/unchecked-summary';

/**
 * How the check ended, said plainly: cancelled and budget-stopped checks keep their results, a failed
 * check says why, and a finished check whose claims could not be checked says so first, with the cause
 * most of them share (out of credit, a refused key). Nothing is shown while it runs (the progress view
 * does that).
 */
export function CheckStatus({
  check,
  checked,
  total,
  unchecked = { count: 0 },
}: {
  check: CheckRecord;
  checked: number;
  total: number;
  unchecked?: UncheckedSummary;
}) {
  const counts = `${checked} of ${total} claims checked`;
  if (check.stopped === 'budget') {
    return (
      <div className="status-line warning" data-testid="check-status" data-status="budget" role="status">
        <p>
          Stopped: the token budget for one check was reached ({counts}). Unchecked claims show as "could not check".
        </p>
        <button type="button" className="secondary small" onClick={() => void browser.runtime.openOptionsPage()}>
          Change the budget
        </button>
      </div>
    );
  }
  if (check.status === 'cancelled') {
    return (
      <p className="status-line" data-testid="check-status" data-status="cancelled" role="status">
        Cancelled: {counts}. Results so far are kept.
      </p>
    );
  }
  if (check.status === 'failed') {
    return (
      <p className="status-line error" data-testid="check-status" data-status="failed" role="alert">
        The check failed: {check.error ?? 'no reason was recorded.'}
      </p>
    );
  }
  if (check.status === 'done' && unchecked.count > 0) {
    const some = `${unchecked.count} of ${total} ${total === 1 ? 'claim' : 'claims'} could not be checked`;
    return (
      <p className="status-line warning" data-testid="check-status" data-status="incomplete" role="alert">
        {unchecked.sharedReason
          ? `Check complete, but ${some}: ${unchecked.sharedReason}`
          : `Check complete, but ${some}; each one says why.`}
      </p>
    );
  }
  if (check.status === 'done') {
    return (
      <p className="status-line done" data-testid="check-status" data-status="done">
        Check complete.
      </p>
    );
  }
  return null;
}
