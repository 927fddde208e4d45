/**
 * Dexie's channel between contexts: after each write it posts the changed parts of the database on this
 * BroadcastChannel, which is how a side panel's live queries hear of the worker's writes
 * (`STORAGE_MUTATED_DOM_EVENT_NAME` in Dexie 4's dist/dexie.mjs). Its message `{ all: … }` asks every live query to
 * read again, as Dexie itself posts when a page comes back from the back-forward cache. A write made without Dexie
 * (the check intake, intake-write.ts) posts it, so a panel that is open shows the new check at once.
 */
export const DEXIE_MUTATIONS_CHANNEL = 'x-storagemutated-1';

/** Tells every Dexie in the extension's other contexts that the database changed. */
export function tellDexieContexts(): void {
  const channel = new BroadcastChannel(DEXIE_MUTATIONS_CHANNEL);
  channel.postMessage({ all: true });
  channel.close();
}
