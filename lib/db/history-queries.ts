/**
 * The history list's queries. The list is virtualised, so it never loads all checks: it counts them and
 * reads the visible window by the `createdAt` index; a search looks up word prefixes in the
 * `searchWords` multi-entry index and reads only primary keys until the window is known.
 */
import { type CheckView, loadCheckView } from './check-view';
import type { CheckRecord } from './entities';
import type { FactlightDb } from './schema';
import { queryWords } from './search-words';

/** Checks newest first, `limit` of them starting at `offset`. */
export function checksWindow(db: FactlightDb, offset: number, limit: number): Promise<CheckRecord[]> {
  return db.checks.orderBy('createdAt').reverse().offset(offset).limit(limit).toArray();
}

/** Below this many matches, sorting the matched rows is cheaper than walking every key by date. */
const SMALL_MATCH = 500;

/**
 * Ids of the checks matching every word of `query` (each as a prefix of an indexed word: "wiki" finds
 * "wikipedia"), newest first. An empty query matches nothing: the caller lists all checks instead.
 */
export async function searchCheckIds(db: FactlightDb, query: string): Promise<string[]> {
  const words = [...new Set(queryWords(query))];
  if (words.length === 0) return [];
  const perWord = await Promise.all(words.map((word) => db.checks.where('searchWords').startsWith(word).primaryKeys()));
  perWord.sort((a, b) => a.length - b.length);
  let matched = new Set(perWord[0]);
  for (const keys of perWord.slice(1)) {
    const next = new Set(keys);
    matched = new Set([...matched].filter((id) => next.has(id)));
  }
  if (matched.size === 0) return [];
  if (matched.size <= SMALL_MATCH) {
    const rows = (await db.checks.bulkGet([...matched])).filter((row): row is CheckRecord => row !== undefined);
    return rows.sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id)).map((row) => row.id);
  }
  const newestFirst = await db.checks.orderBy('createdAt').reverse().primaryKeys();
  return newestFirst.filter((id) => matched.has(id));
}

/** Every check, newest first, with its parts (for "export all"). */
export async function loadAllCheckViews(db: FactlightDb): Promise<CheckView[]> {
  const ids = await db.checks.orderBy('createdAt').reverse().primaryKeys();
  const views = await Promise.all(ids.map((id) => loadCheckView(db, id)));
  return views.filter((view): view is CheckView => view !== undefined);
}
