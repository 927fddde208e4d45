/**
 * Imported first by a bench that runs background code in Node: `wxt/browser` takes the global `chrome` when it is
 * loaded, so the fake browser (storage in memory, as the unit tests have it) must be there before.
 */
import 'fake-indexeddb/auto';

import { fakeBrowser } from 'wxt/testing/fake-browser';

Object.assign(globalThis, { chrome: fakeBrowser });
// fake-browser leaves i18n unimplemented: the bench's words are not read, an English browser is enough.
Object.assign(fakeBrowser.i18n, { getMessage: () => '', getUILanguage: () => 'en' });
