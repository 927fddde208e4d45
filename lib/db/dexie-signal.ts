/**
 * Dexie's channel between contexts: after each write it posts the changed parts of the database on this
 * BroadcastChannel, which is how a side panel's live queries hear of the worker's writes
 * (`STORAGE_MUTATED_DOM_EVENT_NAME` in Dexie 4's dist/dexie.mjs). A write made without Dexie (the check intake,
 * intake-write.ts) posts `all` changed, in the shape a Dexie range set covering every key takes once copied
 * (`new RangeSet(-Infinity, [[]])`, what Dexie fires itself when a page comes back from the back-forward cache), so
 * every live query of an open panel reads again and shows the new check at once.
 */
export const DEXIE_MUTATIONS_CHANNEL = 'x-storagemutated-1';

/** Tells every Dexie in the extension's other contexts that the database changed. */
export function tellDexieContexts(): void {
  const channel = new BroadcastChannel(DEXIE_MUTATIONS_CHANNEL);
  channel.postMessage({ all: { d: 1, from: -Infinity, to: [[]] } });
  channel.close();
}
