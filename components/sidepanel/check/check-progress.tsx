import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import type { Claim, ClaimAssessment } from '../../../lib/core/types';
import type { CheckRecord } from '../../../lib/db/entities';
import { formatNumber, t } from '../../../lib/i18n/i18n';
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
    <section className="progress" data-testid="check-progress" aria-label={t('progressLabel')}>
      <p role="status" className="progress-summary">
        {check.status === 'queued'
          ? t('progressWaiting')
          : progress.checkWorthy > 0
            ? t('progressJudged', { judged: progress.verdicts, count: progress.checkWorthy })
            : t('progressFinding')}
      </p>
      <progress max={Math.max(1, progress.checkWorthy)} value={progress.verdicts} aria-label={t('progressBarLabel')} />
      <dl className="counters">
        <div data-testid="progress-claims">
          <dt>{t('progressClaimsFound')}</dt>
          <dd>{formatNumber(progress.claims)}</dd>
        </div>
        <div data-testid="progress-check-worthy">
          <dt>{t('progressWorthChecking')}</dt>
          <dd>{formatNumber(progress.checkWorthy)}</dd>
        </div>
        <div data-testid="progress-evidence">
          <dt>{t('progressEvidence')}</dt>
          <dd>{formatNumber(progress.evidence)}</dd>
        </div>
        <div data-testid="progress-verdicts">
          <dt>{t('progressJudgedCounter')}</dt>
          <dd>{formatNumber(progress.verdicts)}</dd>
        </div>
      </dl>
      {feed.length > 0 ? (
        <ol className="verdict-feed">
          {feed.map((claim) => {
            const assessment = assessments.get(claim.id);
            return assessment ? (
              <li key={claim.id} data-testid="progress-verdict">
                <strong>{VERDICT_LABELS[assessment.verdict]}</strong> — <bdi>{claim.text}</bdi>
              </li>
            ) : (
              <li key={claim.id} data-testid="progress-pending" className="pending">
                <em>{t('progressChecking')}</em> — <bdi>{claim.text}</bdi>
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
          {cancel.state === 'sending' ? t('checkCancelling') : t('checkCancel')}
        </button>
        {cancel.state === 'failed' ? (
          <span className="result error" role="alert">
            {t('checkCancelFailed', { error: cancel.message ?? '' })}
          </span>
        ) : null}
      </div>
    </section>
  );
}
