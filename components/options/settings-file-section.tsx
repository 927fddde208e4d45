import { type ChangeEvent, useState } from 'react';

import { errorMessage } from '../../lib/core/errors';
import { t } from '../../lib/i18n/i18n';
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
      if (!result.ok) return setState({ kind: 'error', text: t('optionsImportFailed', { error: result.error }) });
      onImported(result.settings);
      const text = result.locked.length
        ? t('optionsImportedLocked', { keys: result.locked.join(', ') })
        : t('optionsImported');
      setState({ kind: 'done', text });
    } catch (error) {
      setState({ kind: 'error', text: t('optionsImportFailed', { error: errorMessage(error) }) });
    } finally {
      input.value = ''; // so choosing the same file again imports again
    }
  };

  return (
    <section aria-labelledby="settings-file-heading">
      <h2 id="settings-file-heading">{t('optionsFileHeading')}</h2>
      <p className="hint">{t('optionsFileHint')}</p>
      <div className="row">
        <button
          type="button"
          className="secondary"
          data-testid="export-settings"
          onClick={() => downloadText('factlight-settings.json', settingsFileText(settings), 'application/json')}
        >
          {t('optionsExport')}
        </button>
        <label className="button secondary">
          {t('optionsImport')}
          <input
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            data-testid="import-settings"
            onChange={(event) => void onFile(event)}
          />
        </label>
        {state.kind === 'pending' ? <span role="status">{t('optionsImporting')}</span> : null}
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
