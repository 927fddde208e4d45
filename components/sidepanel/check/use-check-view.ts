import { useLiveQuery } from 'dexie-react-hooks';

import { type CheckView, loadCheckView } from '../../../lib/db/check-view';
import { useDb } from '../db-context';

/** Loading, gone, or the check with its parts. */
export type CheckViewState = { state: 'loading' } | { state: 'missing' } | { state: 'ready'; view: CheckView };

/**
 * A check and its parts, live: re-read whenever the background writes to any of its tables, so claims,
 * evidence and verdicts appear as they are found.
 */
export function useCheckView(checkId: string): CheckViewState {
  const db = useDb();
  // Wrapped in an object so "not found" (view undefined) differs from "still loading" (result undefined).
  const result = useLiveQuery(async () => ({ checkId, view: await loadCheckView(db, checkId) }), [db, checkId]);
  // Right after checkId changes, the hook still holds the previous check's result for a moment.
  if (!result || result.checkId !== checkId) return { state: 'loading' };
  return result.view ? { state: 'ready', view: result.view } : { state: 'missing' };
}
