/**
 * Makes IndexedDB writes to one table fail as a full disk does: a Dexie middleware on the real database
 * (fake-indexeddb) that rejects the table's mutations with the DOMException browsers raise,
 * `QuotaExceededError` (https://www.w3.org/TR/IndexedDB/#dom-idbtransaction-error: a transaction "aborted
 * because of a quota" fails with it). `when` narrows it to some writes (by the rows being written). Call it
 * while no write is pending.
 */
import type { DBCoreMutateRequest } from 'dexie';

import type { FactlightDb } from '../../../lib/db/schema';

export async function failWrites(
  db: FactlightDb,
  table: string,
  when: (values: readonly unknown[]) => boolean = () => true,
): Promise<void> {
  db.use({
    stack: 'dbcore',
    name: `fail-writes-${table}`,
    create: (down) => ({
      ...down,
      table: (name) => {
        const inner = down.table(name);
        if (name !== table) return inner;
        return {
          ...inner,
          mutate: (request: DBCoreMutateRequest) => {
            const values = 'values' in request ? request.values : [];
            return when(values)
              ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
              : inner.mutate(request);
          },
        };
      },
    }),
  });
  // Dexie builds its middleware stack when it opens: an open database is reopened to take this one.
  if (db.isOpen()) {
    db.close({ disableAutoOpen: false });
    await db.open();
  }
}
