import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { loadCheckView } from '../../../lib/db/check-view';
import type { CheckRecord } from '../../../lib/db/entities';
import { sendToBackground } from '../../../lib/messaging/protocol';
import { formatDate, percent, preview } from '../../../lib/view/format';
import { BAND_ICONS, BAND_LABELS, statusLabel } from '../../../lib/view/labels';
import { RecheckButton } from '../check/recheck-button';
import { useDb } from '../db-context';
import { ExportButtons } from './export-buttons';

/**
 * One history entry: the entry itself opens the check; re-check, delete and export sit beside it.
 * Rows have a fixed height so the virtual list never measures them.
 */
export function HistoryRow({ check, onOpen }: { check: CheckRecord; onOpen: (checkId: string) => void }) {
  const db = useDb();
  const [error, setError] = useState<string>();
  const remove = () => {
    sendToBackground('deleteChecks', { checkIds: [check.id] }).catch((cause: unknown) => setError(errorMessage(cause)));
  };
  const band = check.band;
  return (
    <div className="history-row">
      <button
        type="button"
        className="history-item"
        data-testid="history-item"
        data-check-id={check.id}
        onClick={() => onOpen(check.id)}
      >
        <span className="history-text">{preview(check.text)}</span>
        <span className="history-meta">
          {band ? (
            <span className={`badge band-${band}`} data-band={band} title={BAND_LABELS[band]}>
              <span aria-hidden="true">{BAND_ICONS[band]}</span>{' '}
              {check.score !== undefined && check.score !== null ? percent(check.score) : BAND_LABELS[band]}
            </span>
          ) : null}
          <span className={`history-status status-${check.status}`}>{statusLabel(check)}</span>
          {check.site ? <span className="site">{check.site}</span> : null}
          <span>{formatDate(check.createdAt, true)}</span>
        </span>
      </button>
      <div className="history-actions row">
        <RecheckButton checkId={check.id} testId="history-recheck" onStarted={onOpen} />
        <button
          type="button"
          className="secondary small"
          data-testid="history-delete"
          aria-label="Delete this check"
          onClick={remove}
        >
          Delete
        </button>
        <ExportButtons
          scope="check"
          name={`check-${check.id}`}
          load={async () => {
            const view = await loadCheckView(db, check.id);
            return view ? [view] : [];
          }}
        />
        {error ? (
          <span className="result error" role="alert">
            Delete failed: {error}
          </span>
        ) : null}
      </div>
    </div>
  );
}
