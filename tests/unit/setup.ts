// IndexedDB for Dexie in Node, and `chrome` for @webext-core/messaging, which calls `chrome.runtime`
// directly; WXT's Vitest plugin already backs `wxt/browser` with the same fake browser.
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';

Object.assign(globalThis, { chrome: fakeBrowser });
