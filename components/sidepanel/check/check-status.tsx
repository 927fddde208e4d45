import { browser } from 'wxt/browser';

import type { CheckRecord } from '../../../lib/db/entities';
import { t } from '../../../lib/i18n/i18n';
import { tIsolated } from '../../../lib/i18n/isolated-message';
import { failedReason } from '../../../lib/view/check-headline';
import { formatDate, formatRelative } from '../../../lib/view/format';
import { RecheckButton } from './recheck-button';
import { RetryButton } from './retry-button';

/**
 * How the check ended, said first and plainly: why it failed (once, for the whole check, with Retry);
 * how many claims could not be judged and why, when some could not; that a cancelled or budget-stopped
 * check keeps its results; and that a result answered wholly from the cache comes from the history, with
 * its age and "Re-check". Nothing is shown while it runs (the progress view does that).
 */
export function CheckStatus({
  check,
  progress,
  cause,
  failure,
  onOpenCheck,
}: {
  check: CheckRecord;
  /** "3 of 4 claims checked". */
  progress: string;
  /** The most common reason claims could not be judged, in the adapter's words. */
  cause: string | undefined;
  /** "2 of 5 claims could not be judged: …", when a claim failed. */
  failure: string | undefined;
  onOpenCheck: (checkId: string) => void;
}) {
  const failureLine =
    failure && check.status !== 'failed' ? (
      <div className="status-line error" data-testid="check-failure" role="alert">
        <p>{failure}</p>
        <RetryButton checkId={check.id} onStarted={onOpenCheck} />
      </div>
    ) : null;
  if (check.stopped === 'budget') {
    return (
      <>
        <div className="status-line warning" data-testid="check-status" data-status="budget" role="status">
          <p>{t('checkStatusBudget', { progress, verdict: t('verdictInline_couldNotCheck') })}</p>
          <button type="button" className="secondary small" onClick={() => void browser.runtime.openOptionsPage()}>
            {t('checkChangeBudget')}
          </button>
        </div>
        {failureLine}
      </>
    );
  }
  if (check.status === 'cancelled') {
    return (
      <>
        <p className="status-line" data-testid="check-status" data-status="cancelled" role="status">
          {t('checkStatusCancelled', { progress })}
        </p>
        {failureLine}
      </>
    );
  }
  if (check.status === 'failed') {
    return (
      <div className="status-line error" data-testid="check-status" data-status="failed" role="alert">
        <p>
          {tIsolated('checkStatusFailed', { reason: failedReason(check, cause ?? t('checkNoReason')) }, ['reason'])}
        </p>
        <RetryButton checkId={check.id} onStarted={onOpenCheck} />
      </div>
    );
  }
  if (check.status === 'done') {
    if (failureLine) return failureLine;
    const from = check.servedFromCache;
    if (from) {
      return (
        <p className="status-line done" data-testid="check-status" data-status="done">
          <span data-testid="check-from-history" title={formatDate(from.checkedAt, true)}>
            {t('checkFromHistory', { when: formatRelative(from.checkedAt) })}
          </span>{' '}
          · <RecheckButton checkId={check.id} testId="check-from-history-recheck" onStarted={onOpenCheck} />
        </p>
      );
    }
    return (
      <p className="status-line done" data-testid="check-status" data-status="done">
        {t('checkComplete')}
      </p>
    );
  }
  return null;
}
