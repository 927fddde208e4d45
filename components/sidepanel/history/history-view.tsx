import { useDeferredValue, useState } from 'react';

import { loadAllCheckViews } from '../../../lib/db/history-queries';
import { useDb } from '../db-context';
import { DeleteAllButton } from './delete-all-button';
import { ExportButtons } from './export-buttons';
import { HistoryList } from './history-list';
import { ImportButton } from './import-button';
import { useHistoryMatches } from './use-history-window';

/** Every check, newest first, searchable by words of its text, title and site. */
export function HistoryView({ onOpen }: { onOpen: (checkId: string) => void }) {
  const db = useDb();
  const [query, setQuery] = useState('');
  // Typing stays responsive while the indexed lookup for the previous keystroke finishes.
  const deferredQuery = useDeferredValue(query);
  const matches = useHistoryMatches(deferredQuery);
  const searching = deferredQuery.trim() !== '';
  return (
    <section className="history" aria-label="History">
      <input
        type="search"
        data-testid="history-search"
        aria-label="Search history by words or site"
        placeholder="Search by words or site…"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div className="row wrap history-toolbar">
        <span className="hint">All:</span>
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
          ? 'Loading…'
          : searching
            ? `${matches.count} matching ${matches.count === 1 ? 'check' : 'checks'}`
            : `${matches.count} ${matches.count === 1 ? 'check' : 'checks'}`}
      </p>
      {matches.count === 0 ? (
        <p className="notice" data-testid={searching ? 'history-no-match' : 'history-empty'}>
          {searching
            ? 'No check matches every word. Try fewer or shorter words, or a site name.'
            : 'No checks yet. Type or paste text on the Check tab, or select text on a page and choose "Fact-check".'}
        </p>
      ) : (
        <HistoryList matches={matches} onOpen={onOpen} />
      )}
    </section>
  );
}
