/**
 * Whether a check or a rating waits to be resumed, read straight from IndexedDB, so the worker's router can answer
 * a side panel's resume without loading the engine (Dexie, the pipeline: issue 27). The database is the truth a
 * resume goes by (run-manager.ts and rating-manager.ts look for the same rows); the resume alarm is not enough on
 * its own (an alarm that could not be set, an extension disabled and enabled again mid-check).
 */
import { DATABASE_NAME } from '../db/database-name';
import { openExisting } from '../db/open-existing';
import { WAITING_CHECK_STATUSES } from '../db/waiting-statuses';

function count(request: IDBRequest<number>): Promise<number> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Whether any rating is still marked running (ratings have no status index; there are few of them). */
function anyRunningRating(store: IDBObjectStore): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const request = store.openCursor();
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(false);
      if ((cursor.value as { status?: unknown }).status === 'running') return resolve(true);
      cursor.continue();
    };
    request.onerror = () => reject(request.error);
  });
}

/**
 * True when a check is running or queued, or a rating running; false when none is or there is no database. A
 * database that cannot be read answers true: the engine then looks itself (and says what fails).
 */
export async function runsMayBeWaiting(factory: IDBFactory = indexedDB, name = DATABASE_NAME): Promise<boolean> {
  let db: IDBDatabase | undefined;
  try {
    db = await openExisting(factory, name);
    if (!db) return false;
    const stores = ['checks', 'ratings'].filter((store) => db!.objectStoreNames.contains(store));
    if (stores.length === 0) return false;
    const transaction = db.transaction(stores, 'readonly');
    if (stores.includes('checks')) {
      const byStatus = transaction.objectStore('checks').index('status');
      for (const status of WAITING_CHECK_STATUSES) if ((await count(byStatus.count(status))) > 0) return true;
    }
    return stores.includes('ratings') ? await anyRunningRating(transaction.objectStore('ratings')) : false;
  } catch (error) {
    console.warn('[factlight] could not look for interrupted runs; the engine looks', error);
    return true;
  } finally {
    db?.close();
  }
}
