import { FactlightDb } from './schema';

let instance: FactlightDb | undefined;

/**
 * The page's one database connection (side panel, options). Created on first use, not on import, so a
 * module that merely imports a component does not open IndexedDB; sharing it lets Dexie's live queries
 * see every write made through it at once.
 */
export function sharedDb(): FactlightDb {
  instance ??= new FactlightDb();
  return instance;
}
