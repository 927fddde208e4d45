/**
 * Grok (grok.com). Each message is `div[id^="response-"]`, Grok's aligned left (`.items-start`), the
 * user's right (`.items-end`); the body is `.message-bubble > .response-content-markdown`, and the
 * `.action-buttons` row (Regenerate, Copy, Like…) renders when a reply is done. Utility classes break
 * often (defuddle warns about it), so the id prefix and `.response-content-markdown` come first.
 * docs/chat-sites.md §1.8.
 */
import { idAfter } from './message-id';
import type { SiteAdapter } from './types';

const MESSAGE = 'div[id^="response-"]';

export const grok: SiteAdapter = {
  id: 'grok',
  name: 'Grok',
  matches: ['https://grok.com/*'],
  completion: 'marker',
  selectors: {
    // i18n-exempt: a CSS selector of the chatbot's page (its own English label)
    reply: [`${MESSAGE}.items-start`, `${MESSAGE} .response-content-markdown`],
    body: ['.response-content-markdown', '.message-bubble'],
    streaming: [],
    // i18n-exempt: a CSS selector of the chatbot's page (its own English label)
    stop: ['button[aria-label="Stop"]', 'button[aria-label="Stop generating"]'],
    done: ['.action-buttons button', 'button[aria-label="Regenerate"]'],
    scrollRoot: ['div.overflow-y-auto.scrollbar-gutter-stable', 'main'],
    citations: [],
    links: ['a[href]'],
    sources: [],
    exclude: ['.action-buttons'],
  },
  unit(hit) {
    return hit.closest(MESSAGE) ?? hit;
  },
  messageId(reply) {
    return idAfter(reply, 'response-');
  },
};

/*
 * Test URLs / How to test
 * - https://grok.com/: ask a question → `div#response-<uuid>.items-start`; the Stop button shows while it
 *   streams and the action row (Regenerate, Copy, Like) when done; links in the answer are citations.
 * - Offline (synthetic page): `npx tsx scripts/sites.ts tests/fixtures/chat/synthetic/grok.html --url https://grok.com/chat/x`
 *   and tests/unit/lib/sites/grok.test.ts.
 */
