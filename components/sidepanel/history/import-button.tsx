import { type ChangeEvent, useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { sendToBackground } from '../../../lib/messaging/protocol';

type ImportState =
  { kind: 'idle' } | { kind: 'pending' } | { kind: 'done'; text: string } | { kind: 'error'; text: string };

/**
 * Import checks from a JSON export: the file's text goes to the background, which validates it and
 * writes new checks (existing ids are skipped); the history list then shows them by its live query.
 */
export function ImportButton() {
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setState({ kind: 'pending' });
    try {
      const result = await sendToBackground('importChecks', { json: await file.text() });
      if (!result.ok) setState({ kind: 'error', text: `Not imported: ${result.error}` });
      else
        setState({
          kind: 'done',
          text: `Imported ${result.imported} ${result.imported === 1 ? 'check' : 'checks'}${result.skipped ? `, skipped ${result.skipped} already in history` : ''}.`,
        });
    } catch (error) {
      setState({ kind: 'error', text: `Not imported: ${errorMessage(error)}` });
    } finally {
      input.value = ''; // so choosing the same file again imports again
    }
  };
  return (
    <span className="import">
      <label className="button secondary small">
        Import JSON
        <input
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          data-testid="import-json"
          onChange={(event) => void onFile(event)}
        />
      </label>
      {state.kind === 'pending' ? <span role="status">Importing…</span> : null}
      {state.kind === 'done' || state.kind === 'error' ? (
        <span
          className={state.kind === 'error' ? 'result error' : 'result ok'}
          data-testid="import-result"
          role="status"
        >
          {state.text}
        </span>
      ) : null}
    </span>
  );
}
