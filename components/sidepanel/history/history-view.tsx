import { useDeferredValue, useState } from 'react';

import { loadAllCheckViews } from '../../../lib/db/history-queries';
import { t } from '../../../lib/i18n/i18n';
import { useDb } from '../db-context';
import { DeleteAllButton } from './delete-all-button';
import { ExportButtons } from './export-buttons';
import { HistoryList } from './history-list';
import { ImportButton } from './import-button';
import { useHistoryMatches } from './use-history-window';

/**
 * Every check, newest first, searchable by words of its text, title and site. The search box takes the
 * direction of what is typed in it (words of checked texts, in any language).
 */
export function HistoryView({ onOpen }: { onOpen: (checkId: string) => void }) {
  const db = useDb();
  const [query, setQuery] = useState('');
  // Typing stays responsive while the indexed lookup for the previous keystroke finishes.
  const deferredQuery = useDeferredValue(query);
  const matches = useHistoryMatches(deferredQuery);
  const searching = deferredQuery.trim() !== '';
  return (
    <section className="history" aria-label={t('tabHistory')}>
      <input
        type="search"
        data-testid="history-search"
        aria-label={t('historySearchLabel')}
        placeholder={t('historySearchPlaceholder')}
        dir="auto"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div className="row wrap history-toolbar">
        <span className="hint">{t('historyAll')}</span>
        <ExportButtons
          scope="all"
          name={`checks-${new Date().toISOString().slice(0, 10)}`}
          load={() => loadAllCheckViews(db)}
        />
        <DeleteAllButton count={matches.total ?? 0} />
        <ImportButton />
      </div>
      <p className="hint" data-testid="history-count" role="status">
        {matches.count === undefined
          ? t('panelLoading')
          : t(searching ? 'historyMatching' : 'historyCount', { count: matches.count })}
      </p>
      {matches.count === 0 ? (
        <p className="notice" data-testid={searching ? 'history-no-match' : 'history-empty'}>
          {searching
            ? t('historyNoMatch')
            : t('historyEmpty', { tab: t('tabCheck'), button: t('floatingButtonLabel') })}
        </p>
      ) : (
        <HistoryList matches={matches} onOpen={onOpen} />
      )}
    </section>
  );
}
