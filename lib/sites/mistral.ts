/**
 * Mistral Le Chat (chat.mistral.ai). No real capture exists; selectors from a late-2025 exporter userscript
 * and 2026 adapters (docs/chat-sites.md §1.9). Messages use the same `data-message-author-role` attribute as
 * ChatGPT, which is why adapters are chosen by URL. The answer is the `[data-message-part-type="answer"]`
 * part (reasoning and tool parts have other types); the Canvas editor reuses the markdown classes, so
 * anything inside `[contenteditable]` is ignored. No done marker: completion by text stability.
 */
import type { SiteAdapter } from './types';

export const mistral: SiteAdapter = {
  id: 'mistral',
  // i18n-exempt: the chatbot's product name, the same in every language
  name: 'Mistral Le Chat',
  matches: ['https://chat.mistral.ai/*'],
  completion: 'stability',
  selectors: {
    reply: ['[data-message-author-role="assistant"][data-message-id]', '[data-message-author-role="assistant"]'],
    body: [
      '[data-message-part-type="answer"] .markdown-container-style',
      '[data-testid="text-message-part"]',
      '.markdown-container-style',
    ],
    streaming: ['.animate-pulse'],
    stop: ['button[aria-label*="Stop"]'],
    done: [],
    // i18n-exempt: the chatbot's product name, the same in every language
    scrollRoot: ['main .overflow-y-auto', 'main'],
    citations: [],
    links: ['a[href]'],
    sources: [],
    exclude: ['[contenteditable]', '.text-hint'],
  },
  messageId(reply) {
    return reply.getAttribute('data-message-id') || null;
  },
};

/*
 * Test URLs / How to test
 * - https://chat.mistral.ai/chat: ask a question (and one with "Think" on) → one reply per
 *   `[data-message-author-role="assistant"]`; reasoning is not in the text; the control appears ~2 s after
 *   the text stops changing. Open a Canvas: its editor must not be found as a reply.
 * - Offline (synthetic page): `npx tsx scripts/sites.ts tests/fixtures/chat/synthetic/mistral.html --url https://chat.mistral.ai/chat/x`
 *   and tests/unit/lib/sites/mistral.test.ts.
 */
