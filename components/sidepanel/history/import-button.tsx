import { type ChangeEvent, useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { importSizeProblem, splitChecksImport } from '../../../lib/db/import-chunks';
import { t } from '../../../lib/i18n/i18n';
import { sendToBackground } from '../../../lib/messaging/protocol';
import { importProblemWords } from '../../../lib/view/import-problem-words';

type ImportState =
  { kind: 'idle' } | { kind: 'pending' } | { kind: 'done'; text: string } | { kind: 'error'; text: string };

/**
 * Import checks from a JSON export: the file is validated here, then sent to the background in parts
 * (lib/db/import-chunks.ts), which validates each and writes new checks (existing ids are skipped); the
 * history list then shows them by its live query.
 */
export function ImportButton() {
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const tooBig = importSizeProblem(file.size);
    if (tooBig) {
      setState({ kind: 'error', text: t('importNotImported', { error: importProblemWords(tooBig) }) });
      input.value = '';
      return;
    }
    setState({ kind: 'pending' });
    const done = { imported: 0, skipped: 0 };
    try {
      const split = splitChecksImport(await file.text());
      // Worded here in the interface language, and so is the background's refusal of a part (rare: the file was just
      // validated), from its code; without one (not expected from this build's background) its English is shown.
      if (!split.ok) throw new Error(importProblemWords(split.problem));
      // One part per message (Chrome refuses messages over 64 MiB); each part is all or nothing.
      for (const json of split.parts) {
        const result = await sendToBackground('importChecks', { json });
        if (!result.ok) throw new Error((result.problem && importProblemWords(result.problem)) || result.error);
        done.imported += result.imported;
        done.skipped += result.skipped;
      }
      setState({
        kind: 'done',
        text: done.skipped
          ? t('importDoneSkipped', { count: done.imported, skipped: done.skipped })
          : t('importDone', { count: done.imported }),
      });
    } catch (error) {
      const reason = errorMessage(error);
      setState({
        kind: 'error',
        text:
          done.imported + done.skipped > 0
            ? t('importStopped', { count: done.imported, error: reason })
            : t('importNotImported', { error: reason }),
      });
    } finally {
      input.value = ''; // so choosing the same file again imports again
    }
  };
  return (
    <span className="import">
      <label className="button secondary small">
        {t('importJson')}
        <input
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          data-testid="import-json"
          onChange={(event) => void onFile(event)}
        />
      </label>
      {state.kind === 'pending' ? <span role="status">{t('importing')}</span> : null}
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
