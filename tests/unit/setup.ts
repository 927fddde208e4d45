// IndexedDB for Dexie in Node, and `chrome` for @webext-core/messaging, which calls `chrome.runtime`
// directly; WXT's Vitest plugin already backs `wxt/browser` with the same fake browser.
import 'fake-indexeddb/auto';

import { fakeBrowser } from 'wxt/testing/fake-browser';

Object.assign(globalThis, { chrome: fakeBrowser });

// The extension serves its own files (public/) at runtime.getURL paths; happy-dom's fetch refuses the
// chrome-extension: scheme, so answer those from the repository's public/ folder as the browser would.
const { readFile } = await import('node:fs/promises');
const { join } = await import('node:path');
const extensionOrigin = fakeBrowser.runtime.getURL('/').replace(/\/$/, '');
const realFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(`${extensionOrigin}/`)) return realFetch(input, init);
  try {
    const body = await readFile(join(process.cwd(), 'public', decodeURIComponent(new URL(url).pathname)));
    return new Response(body, { status: 200 });
  } catch {
    return new Response('Not found', { status: 404 });
  }
};

// fake-browser leaves i18n unimplemented. Answer getMessage from the shipped English catalogue with the
// browser's own substitution rules (lib/i18n/catalogue.ts), as Chrome does for an English browser.
const { fillMessage } = await import('../../lib/i18n/catalogue');
const english = JSON.parse(
  await readFile(join(import.meta.dirname, '../../public/_locales/en/messages.json'), 'utf8'),
) as Record<string, Parameters<typeof fillMessage>[0]>;
Object.assign(fakeBrowser.i18n, {
  getMessage: (name: string, substitutions?: string | string[]) => {
    const entry = english[name];
    if (!entry) return '';
    return fillMessage(entry, typeof substitutions === 'string' ? [substitutions] : (substitutions ?? []));
  },
  getUILanguage: () => 'en',
});
