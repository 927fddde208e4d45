/**
 * A new check written straight through IndexedDB, without Dexie (issue 27): the check intake
 * (lib/background/check-intake.ts) writes a check that woke the worker before the engine (and Dexie with it) is
 * loaded. It writes only into the database Dexie made, at the version Dexie opens (database-name.ts), the same rows
 * Dexie would write (a row is stored as the object it is; check-rows.ts builds the sentences'), and tells the
 * other contexts' Dexie that it did (dexie-signal.ts).
 */
import { DATABASE_NAME, DATABASE_VERSION } from './database-name';
import type { CheckRecord, SentenceRecord } from './entities';
import { openExisting } from './open-existing';

/** The stores a new check is written to. */
const STORES = ['checks', 'sentences'] as const;

/**
 * The database, open, when the intake can write into it: undefined when there is none yet (Dexie creates it), or it
 * is at another schema version than `version` (an update whose upgrade Dexie has not run yet), or lacks a store.
 * Dexie gives IndexedDB ten times its own version, plus one for each repair of a schema it found incomplete (its
 * "SchemaDiff"): 30 to 39 are all its version 3. Closed when another connection asks to upgrade it, so an update is
 * never blocked by this one.
 */
export async function openForIntake(
  factory: IDBFactory,
  name: string,
  version: number,
): Promise<IDBDatabase | undefined> {
  const db = await openExisting(factory, name);
  if (!db) return undefined;
  if (Math.floor(db.version / 10) !== version || !STORES.every((store) => db.objectStoreNames.contains(store))) {
    console.warn(`[factlight] the intake leaves checks to the engine: database at version ${db.version}`);
    db.close();
    return undefined;
  }
  db.onversionchange = () => db.close();
  return db;
}

/**
 * `openForIntake` on the extension's database, a failure logged and taken as "no database" (the engine then takes the
 * check). The doorway calls it before it imports the intake, so the open (a few milliseconds, the first in a worker's
 * life) runs while the intake's script is read and the check's text split (issue 27).
 */
export function openIntakeDatabase(factory: IDBFactory): Promise<IDBDatabase | undefined> {
  return openForIntake(factory, DATABASE_NAME, DATABASE_VERSION).catch((error: unknown) => {
    console.warn('[factlight] the intake could not open the database; the engine takes the check', error);
    return undefined;
  });
}

/** Adds the check and puts its sentences in one transaction: both are stored, or neither (then it rejects). */
export function writeNewCheck(
  db: IDBDatabase,
  check: CheckRecord,
  sentences: readonly SentenceRecord[],
): Promise<void> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORES, 'readwrite');
    transaction.objectStore('checks').add(check);
    const rows = transaction.objectStore('sentences');
    for (const sentence of sentences) rows.put(sentence);
    transaction.oncomplete = () => resolve();
    // i18n-exempt: an IndexedDB failure for the developer's log (the router then takes the check), never shown
    transaction.onerror = () => reject(transaction.error ?? new Error('transaction failed'));
    // i18n-exempt: an IndexedDB failure for the developer's log (the router then takes the check), never shown
    transaction.onabort = () => reject(transaction.error ?? new Error('transaction aborted'));
  });
}
