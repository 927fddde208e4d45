import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { loadCheckView } from '../../../lib/db/check-view';
import type { CheckRecord } from '../../../lib/db/entities';
import { t } from '../../../lib/i18n/i18n';
import { sendToBackground } from '../../../lib/messaging/protocol';
import { countsOfClaims, headlineIcon, recordHeadline } from '../../../lib/view/check-headline';
import { formatDate, preview } from '../../../lib/view/format';
import { headlineWords } from '../../../lib/view/headline-words';
import { statusLabel } from '../../../lib/view/labels';
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
  // A check saved before its row kept verdict counts: count its claims (every source counted) once.
  const counted = useLiveQuery(
    async () =>
      check.verdicts || check.status !== 'done'
        ? undefined
        : countsOfClaims(await db.claims.where('checkId').equals(check.id).toArray()),
    [db, check.id, check.verdicts, check.status],
  );
  const headline = recordHeadline(check, check.verdicts ?? counted);
  const words = headline && headlineWords(headline);
  return (
    <div className="history-row">
      <button
        type="button"
        className="history-item"
        data-testid="history-item"
        data-check-id={check.id}
        onClick={() => onOpen(check.id)}
      >
        <span className="history-text" dir="auto">
          {preview(check.text)}
        </span>
        <span className="history-meta">
          {headline && words ? (
            <span
              className={`badge band-${headline.band}`}
              data-testid="history-headline"
              data-band={headline.band}
              data-state={headline.state}
              title={words.word}
            >
              <span aria-hidden="true">{headlineIcon(headline)}</span> {words.text}
            </span>
          ) : null}
          <span className={`history-status status-${check.status}`}>{statusLabel(check)}</span>
          {check.site ? (
            <span className="site" dir="auto">
              {check.site}
            </span>
          ) : null}
          <span data-testid="history-time">{formatDate(check.createdAt, true)}</span>
        </span>
      </button>
      <div className="history-actions row">
        <RecheckButton checkId={check.id} testId="history-recheck" onStarted={onOpen} />
        <button
          type="button"
          className="secondary small"
          data-testid="history-delete"
          aria-label={t('historyDeleteOne')}
          onClick={remove}
        >
          {t('historyDelete')}
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
            {t('historyDeleteFailed', { error })}
          </span>
        ) : null}
      </div>
    </div>
  );
}
