/**
 * Microsoft Copilot (copilot.microsoft.com, React UI since late 2024). No real capture exists; the
 * selectors come from fogbank's notes, which say "no selector verified live" (docs/chat-sites.md §1.6).
 * There is no streaming attribute or done marker: replies are finished when text stops changing
 * (`completion: 'stability'`), and a Stop button or `aria-busy` holds them back meanwhile.
 */
import type { SiteAdapter } from './types';

export const copilot: SiteAdapter = {
  id: 'copilot',
  // i18n-exempt: the chatbot's product name, the same in every language
  name: 'Microsoft Copilot',
  matches: ['https://copilot.microsoft.com/*'],
  completion: 'stability',
  selectors: {
    reply: ['[data-content="ai-message"]', '[data-message-author="bot"]', '[data-content="response"]'],
    body: ['.group\\/ai-message-item', '[data-content="ai-message-body"]'],
    streaming: ['[aria-busy="true"]'],
    stop: ['button[aria-label*="Stop"]', 'button[data-testid="stop-button"]'],
    done: [],
    scrollRoot: ['[data-content="conversation"]'],
    // No capture shows how Copilot renders sources; plain links are collected as links.
    citations: [],
    links: ['a[href]'],
    sources: [],
    exclude: ['[data-content="user-message"]'],
  },
  messageId(reply) {
    return reply.getAttribute('data-message-id') || reply.getAttribute('id') || null;
  },
};

/*
 * Test URLs / How to test
 * - https://copilot.microsoft.com/: ask a question; the reply must be found by `[data-content="ai-message"]`
 *   and get its control about 2 s after the text stops growing (the stream is a WebSocket, so there is no
 *   request to watch). If nothing is found, run the selector doctor in the console:
 *   `document.querySelectorAll('[data-content]')` and update the lists above.
 * - Offline (synthetic page): `npx tsx scripts/sites.ts tests/fixtures/chat/synthetic/copilot.html --url https://copilot.microsoft.com/chats/x`
 *   and tests/unit/lib/sites/copilot.test.ts.
 */
