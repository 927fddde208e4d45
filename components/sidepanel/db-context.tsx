import { createContext, useContext } from 'react';

import { sharedDb } from '../../lib/db/db-instance';
import type { FactlightDb } from '../../lib/db/schema';

/** The database the side panel reads. Tests provide their own; the extension uses the shared one. */
export const DbContext = createContext<FactlightDb | undefined>(undefined);

/** The database to query: the provided one, else the page's shared instance. */
export function useDb(): FactlightDb {
  return useContext(DbContext) ?? sharedDb();
}
