import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import type { Claim, ClaimAssessment } from '../../../lib/core/types';
import type { CheckRecord } from '../../../lib/db/entities';
import { sendToBackground } from '../../../lib/messaging/protocol';
import { VERDICT_LABELS } from '../../../lib/view/labels';
import { useStallWatchdog } from './use-stall-watchdog';

/**
 * While a check is queued or running: counters per stage from `check.progress`, each check-worthy claim
 * the moment the model has written it (claims stream in while the rest are still being extracted), marked
 * "Checking…" until its verdict lands, then the verdict (the parent's live query re-renders this), and Cancel.
 */
export function CheckProgress({
  check,
  claims,
  assessments,
}: {
  check: CheckRecord;
  claims: readonly Claim[];
  assessments: ReadonlyMap<string, ClaimAssessment>;
}) {
  const [cancel, setCancel] = useState<{ state: 'idle' | 'sending' | 'failed'; message?: string }>({ state: 'idle' });
  const progress = check.progress;
  useStallWatchdog(check.id, `${check.updatedAt}:${JSON.stringify(progress)}`);
  const feed = claims.filter((claim) => claim.checkWorthy || assessments.has(claim.id));
  const onCancel = () => {
    setCancel({ state: 'sending' });
    sendToBackground('cancelCheck', { checkId: check.id }).catch((error: unknown) =>
      setCancel({ state: 'failed', message: errorMessage(error) }),
    );
  };
  return (
    <section className="progress" data-testid="check-progress" aria-label="Progress">
      <p role="status" className="progress-summary">
        {check.status === 'queued'
          ? 'Waiting to start…'
          : progress.checkWorthy > 0
            ? `Checking… ${progress.verdicts} of ${progress.checkWorthy} claims judged`
            : 'Checking… finding the claims in the text'}
      </p>
      <progress max={Math.max(1, progress.checkWorthy)} value={progress.verdicts} aria-label="Claims judged" />
      <dl className="counters">
        <div data-testid="progress-claims">
          <dt>Claims found</dt>
          <dd>{progress.claims}</dd>
        </div>
        <div data-testid="progress-check-worthy">
          <dt>Worth checking</dt>
          <dd>{progress.checkWorthy}</dd>
        </div>
        <div data-testid="progress-evidence">
          <dt>Evidence</dt>
          <dd>{progress.evidence}</dd>
        </div>
        <div data-testid="progress-verdicts">
          <dt>Judged</dt>
          <dd>{progress.verdicts}</dd>
        </div>
      </dl>
      {feed.length > 0 ? (
        <ol className="verdict-feed">
          {feed.map((claim) => {
            const assessment = assessments.get(claim.id);
            return assessment ? (
              <li key={claim.id} data-testid="progress-verdict">
                <strong>{VERDICT_LABELS[assessment.verdict]}</strong> — {claim.text}
              </li>
            ) : (
              <li key={claim.id} data-testid="progress-pending" className="pending">
                <em>Checking…</em> — {claim.text}
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="secondary"
          data-testid="check-cancel"
          onClick={onCancel}
          disabled={cancel.state === 'sending'}
        >
          {cancel.state === 'sending' ? 'Cancelling…' : 'Cancel'}
        </button>
        {cancel.state === 'failed' ? (
          <span className="result error" role="alert">
            Could not cancel: {cancel.message}
          </span>
        ) : null}
      </div>
    </section>
  );
}
