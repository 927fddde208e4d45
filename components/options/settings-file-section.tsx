import { type ChangeEvent, useState } from 'react';

import { errorMessage } from '../../lib/core/errors';
import { sendToBackground } from '../../lib/messaging/protocol';
import type { PublicSettings } from '../../lib/settings/redact';
import { settingsFileText } from '../../lib/settings/settings-file';
import { downloadText } from '../sidepanel/history/download';

type ImportState = { kind: 'idle' | 'pending' } | { kind: 'done' | 'error'; text: string };

/**
 * "Export settings" and "Import settings": carry a set-up to another browser. Keys and headers are never
 * in the file (they do not leave the background); an import leaves them, and every setting the
 * organisation's policy sets, as they are, and says which of the file's values it left out.
 */
export function SettingsFileSection(props: { settings: PublicSettings; onImported: (next: PublicSettings) => void }) {
  const { settings, onImported } = props;
  const [state, setState] = useState<ImportState>({ kind: 'idle' });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setState({ kind: 'pending' });
    try {
      const result = await sendToBackground('importSettings', { json: await file.text() });
      if (!result.ok) return setState({ kind: 'error', text: `Not imported: ${result.error}` });
      onImported(result.settings);
      const locked = result.locked.length
        ? ` Left as they are, because your organisation sets them: ${result.locked.join(', ')}.`
        : '';
      setState({ kind: 'done', text: `Settings imported and saved.${locked}` });
    } catch (error) {
      setState({ kind: 'error', text: `Not imported: ${errorMessage(error)}` });
    } finally {
      input.value = ''; // so choosing the same file again imports again
    }
  };

  return (
    <section aria-labelledby="settings-file-heading">
      <h2 id="settings-file-heading">Move your settings</h2>
      <p className="hint">The file holds these settings without any key or header; keys stay in this browser.</p>
      <div className="row">
        <button
          type="button"
          className="secondary"
          data-testid="export-settings"
          onClick={() => downloadText('factlight-settings.json', settingsFileText(settings), 'application/json')}
        >
          Export settings
        </button>
        <label className="button secondary">
          Import settings
          <input
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            data-testid="import-settings"
            onChange={(event) => void onFile(event)}
          />
        </label>
        {state.kind === 'pending' ? <span role="status">Importing…</span> : null}
      </div>
      {state.kind === 'done' || state.kind === 'error' ? (
        <p
          className={state.kind === 'error' ? 'result error' : 'result ok'}
          data-testid="import-settings-result"
          data-state={state.kind}
          role="status"
        >
          {state.text}
        </p>
      ) : null}
    </section>
  );
}
