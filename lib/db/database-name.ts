/** The extension's IndexedDB database (Dexie's in the engine; read raw by the worker's router, waiting-runs.ts). */
export const DATABASE_NAME = 'factlight';

/**
 * The schema version Dexie opens it at (schema.ts: the last `version(n)`). Whatever writes the database without
 * Dexie (the check intake, lib/db/intake-write.ts) writes only at this version: a database still at an older one
 * waits for Dexie to upgrade it. Dexie 4 gives IndexedDB ten times its own number.
 */
export const DATABASE_VERSION = 3;
export const INDEXEDDB_VERSION = DATABASE_VERSION * 10;
