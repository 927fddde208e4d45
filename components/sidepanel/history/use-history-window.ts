/**
 * The history list's data, in two steps so the virtual list can sit between them: how many checks there
 * are (all, or those matching the search), then live reads of only the visible window. 10,000 checks
 * cost a count and a dozen rows.
 */
import { useLiveQuery } from 'dexie-react-hooks';

import type { CheckRecord } from '../../../lib/db/entities';
import { checksWindow, searchCheckIds } from '../../../lib/db/history-queries';
import { queryWords } from '../../../lib/db/search-words';
import { useDb } from '../db-context';

export interface HistoryMatches {
  /** undefined while counting. */
  count: number | undefined;
  /** Matching ids newest first when searching; null when listing everything. */
  ids: string[] | null | undefined;
  /** Every check, whatever the search ("Delete all" counts these); undefined while counting. */
  total: number | undefined;
}

/** All checks (counted), or the ids matching every word of the search. */
export function useHistoryMatches(query: string): HistoryMatches {
  const db = useDb();
  const searching = queryWords(query).length > 0;
  const total = useLiveQuery(() => db.checks.count(), [db]);
  // Tagged with the query: for a moment after typing, the hook still holds the previous query's ids.
  const search = useLiveQuery(
    async () => ({ query, ids: searching ? await searchCheckIds(db, query) : null }),
    [db, query, searching],
  );
  const ids = search && search.query === query ? search.ids : undefined;
  return { ids, total, count: ids === undefined ? undefined : ids === null ? total : ids.length };
}

/** The rows from index `first` to `last` (inclusive) of the matches; a lookup by list index. */
export function useHistoryRows(
  matches: HistoryMatches,
  first: number,
  last: number,
): (index: number) => CheckRecord | undefined {
  const db = useDb();
  const { ids } = matches;
  const limit = Math.max(0, last - first + 1);
  const loaded = useLiveQuery(async () => {
    if (ids === undefined || limit === 0) return { first, rows: [] as CheckRecord[] };
    if (ids === null) return { first, rows: await checksWindow(db, first, limit) };
    const rows = await db.checks.bulkGet(ids.slice(first, first + limit));
    return { first, rows: rows.filter((row): row is CheckRecord => row !== undefined) };
  }, [db, ids, first, limit]);
  return (index) => (loaded && index >= loaded.first ? loaded.rows[index - loaded.first] : undefined);
}
