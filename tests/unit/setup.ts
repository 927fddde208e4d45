// IndexedDB for Dexie in Node; fake-browser state is reset per test by the tests that use it.
import 'fake-indexeddb/auto';
