/**
 * DeepSeek (chat.deepseek.com). A reply is a `.ds-message` that contains a `.ds-markdown` (the user's has
 * none), inside a virtual-list item. Wrapper classes are hashed and rotate; the `ds-*` design-system
 * classes are the stable part. No reliable streaming marker existed in the 2026-10-03 build, so completion
 * is by text stability; the action row (read aloud, copy…) under a finished reply skips the wait.
 * Deep-think reasoning (`.ds-think-content`) is not part of the answer. docs/chat-sites.md §1.7.
 */
import type { SiteAdapter } from './types';

const MESSAGE = '.ds-message';

export const deepseek: SiteAdapter = {
  id: 'deepseek',
  name: 'DeepSeek',
  matches: ['https://chat.deepseek.com/*'],
  completion: 'stability',
  selectors: {
    // i18n-exempt: a CSS selector of the chatbot's page
    reply: ['.ds-markdown.ds-assistant-message-main-content', `${MESSAGE} .ds-markdown`],
    body: ['.ds-assistant-message-main-content', '.ds-markdown'],
    streaming: ['.ds-loading', '.ds-button--loading'],
    stop: [],
    done: ['div[role="button"].ds-button--iconLabelTertiary'],
    scrollRoot: ['.ds-virtual-list.ds-scroll-area', '.ds-scroll-area'],
    // Search-mode citation markers were not in the capture; plain links are collected as links.
    citations: [],
    links: ['a[href]'],
    sources: [],
    exclude: ['.ds-think-content', '.ds-markdown-code-copy-button'],
  },
  unit(hit) {
    return hit.closest(MESSAGE) ?? hit;
  },
  turnOf(reply) {
    return reply.closest('[data-virtual-list-item-key]') ?? reply;
  },
  messageId(reply) {
    const key = reply.closest('[data-virtual-list-item-key]')?.getAttribute('data-virtual-list-item-key');
    return key ? `item-${key}` : null;
  },
};

/*
 * Test URLs / How to test
 * - https://chat.deepseek.com/: ask a question, with and without DeepThink → the reasoning block is not in
 *   the text; the reply is finished once the action row renders (or, failing that, ~2 s without change).
 * - Scroll a long chat: items are virtualized; ids come from `data-virtual-list-item-key`.
 * - Offline (synthetic page): `npx tsx scripts/sites.ts tests/fixtures/chat/synthetic/deepseek.html --url https://chat.deepseek.com/a/chat/s/x`
 *   and tests/unit/lib/sites/deepseek.test.ts.
 */
