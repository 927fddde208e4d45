import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import type { CheckView } from '../../../lib/db/check-view';
import { exportChecksJson, exportChecksMarkdown } from '../../../lib/db/export-import';
import { t } from '../../../lib/i18n/i18n';
import { loadDefaultTranslator } from '../../../lib/i18n/load-catalogue';
import { loadRatings } from '../../../lib/reliability/load-ratings';
import { downloadText, fileSlug } from './download';

/**
 * "JSON" and "Markdown" downloads of one check or of all of them. The same test ids serve both scopes;
 * `data-scope` tells them apart.
 */
export function ExportButtons({
  scope,
  name,
  load,
}: {
  scope: 'check' | 'all';
  name: string;
  load: () => Promise<CheckView[]>;
}) {
  const [error, setError] = useState<string>();
  const run = async (kind: 'json' | 'markdown') => {
    setError(undefined);
    try {
      const views = await load();
      if (views.length === 0) return setError(t('exportNothing'));
      const base = `factlight-${fileSlug(name)}`;
      if (kind === 'json')
        downloadText(`${base}.json`, exportChecksJson(views, await loadDefaultTranslator()), 'application/json');
      else downloadText(`${base}.md`, exportChecksMarkdown(views, await loadRatings()), 'text/markdown');
    } catch (cause) {
      setError(t('exportFailed', { error: errorMessage(cause) }));
    }
  };
  return (
    <span className="export-buttons">
      <button
        type="button"
        className="secondary small"
        data-testid="export-json"
        data-scope={scope}
        aria-label={t(scope === 'all' ? 'exportAllJson' : 'exportOneJson')}
        onClick={() => void run('json')}
      >
        {t('exportJson')}
      </button>
      <button
        type="button"
        className="secondary small"
        data-testid="export-markdown"
        data-scope={scope}
        aria-label={t(scope === 'all' ? 'exportAllMarkdown' : 'exportOneMarkdown')}
        onClick={() => void run('markdown')}
      >
        {t('exportMarkdown')}
      </button>
      {error ? (
        <span className="result error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
