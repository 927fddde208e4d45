/**
 * The extension's database opened straight through IndexedDB, for the parts of the worker that run before the engine
 * (and Dexie) is loaded: the router's look for waiting runs (lib/background/waiting-runs.ts) and the check intake
 * (lib/background/check-intake.ts, issue 27).
 */

/** The database as it is, or undefined when it does not exist yet (opening must not create it: Dexie does). */
export function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | undefined> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name);
    let created = false;
    request.onupgradeneeded = () => {
      // No database yet: aborting the creation leaves none behind, for Dexie to create with its stores.
      created = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => (created ? resolve(undefined) : reject(request.error));
    // i18n-exempt: a developer's log line (the caller logs it and lets the engine look), never shown to a person
    request.onblocked = () => reject(new Error('database blocked'));
  });
}
