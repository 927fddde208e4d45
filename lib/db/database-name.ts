/** The extension's IndexedDB database (Dexie's in the engine; read raw by the worker's router, waiting-runs.ts). */
export const DATABASE_NAME = 'factlight';
