import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { sendToBackground } from '../../../lib/messaging/protocol';

/** "Delete all" after the browser's own confirmation (the background cancels running checks first). */
export function DeleteAllButton({ count }: { count: number }) {
  const [message, setMessage] = useState<string>();
  const deleteAll = async () => {
    if (!window.confirm(`Delete all ${count} checks? This cannot be undone.`)) return;
    try {
      const { deleted } = await sendToBackground('deleteChecks', { all: true });
      setMessage(`Deleted ${deleted} ${deleted === 1 ? 'check' : 'checks'}.`);
    } catch (error) {
      setMessage(`Not deleted: ${errorMessage(error)}`);
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
        Delete all
      </button>
      {message ? (
        <span className="hint" role="status" data-testid="delete-all-result">
          {message}
        </span>
      ) : null}
    </>
  );
}
