import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { t } from '../../../lib/i18n/i18n';
import { sendToBackground } from '../../../lib/messaging/protocol';

/** "Delete all" after the browser's own confirmation (the background cancels running checks first). */
export function DeleteAllButton({ count }: { count: number }) {
  const [message, setMessage] = useState<string>();
  const deleteAll = async () => {
    if (!window.confirm(t('historyDeleteAllConfirm', { count }))) return;
    try {
      const { deleted } = await sendToBackground('deleteChecks', { all: true });
      setMessage(t('historyDeleted', { count: deleted }));
    } catch (error) {
      setMessage(t('historyNotDeleted', { error: errorMessage(error) }));
    }
  };
  return (
    <>
      <button
        type="button"
        className="secondary small danger"
        data-testid="delete-all"
        disabled={count === 0}
        onClick={() => void deleteAll()}
      >
        {t('historyDeleteAll')}
      </button>
      {message ? (
        <span className="hint" role="status" data-testid="delete-all-result">
          {message}
        </span>
      ) : null}
    </>
  );
}
