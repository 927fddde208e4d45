/**
 * Gemini (gemini.google.com). Angular, custom elements in light DOM: a reply is `model-response` (not
 * `.conversation-container`, which also holds the question); the body is
 * `message-content > .markdown.markdown-main-panel`, `aria-busy="true"` while streaming, and the footer
 * gets `.complete` when done. Never select on `_ngcontent-*` attributes: they change every build.
 * docs/chat-sites.md §1.4.
 */
import { idAfter } from './message-id';
import type { SiteAdapter } from './types';

export const gemini: SiteAdapter = {
  id: 'gemini',
  name: 'Gemini',
  matches: ['https://gemini.google.com/*'],
  completion: 'marker',
  selectors: {
    reply: ['model-response', 'div.response-container', '.conversation-container .model-response-text'],
    body: [
      // i18n-exempt: a CSS selector of the chatbot's page
      'message-content .markdown-main-panel',
      '.markdown.markdown-main-panel',
      'message-content',
      '.model-response-text',
    ],
    streaming: ['[aria-busy="true"]'],
    stop: ['button.send-button.stop', 'mat-icon[fonticon="stop"]'],
    done: ['.response-footer.complete', 'message-actions'],
    scrollRoot: [
      'infinite-scroller[data-test-id="chat-history-container"]',
      'infinite-scroller.chat-history',
      '#chat-history',
    ],
    citations: [
      'source-footnote', // Deep Research superscripts: sup[data-turn-source-index] with the link
      'sup[data-turn-source-index]',
      'a[data-test-id="browse-chip-link"]',
    ],
    links: ['a[href]'],
    sources: ['sources-list', 'a[data-test-id="browse-web-item-link"]'],
    exclude: [
      '.thoughts-container', // "Show thinking" reasoning
      'model-thoughts',
      '.code-block-decoration', // language label + copy button above a code block
      'h2.cdk-visually-hidden', // "Gemini の回答" — localized hidden label
      'sources-carousel-inline',
    ],
  },
  messageId(reply) {
    const content = reply.querySelector('message-content[id^="message-content-id-"]');
    return (
      idAfter(content, 'message-content-id-') ??
      reply.closest('.conversation-container[id]')?.getAttribute('id') ??
      null
    );
  },
};

/*
 * Test URLs / How to test
 * - https://gemini.google.com/app: ask "show a few famous formulas" → math comes out once (the TeX in
 *   `[data-math]`), the hidden "Gemini's answer" heading is absent; while it streams the panel has
 *   `aria-busy="true"` and the send button shows the stop icon.
 * - Ask something with Google Search grounding → links in `sources-list` are collected at the end of the text.
 * - Offline: `npx tsx scripts/sites.ts tests/fixtures/chat/gemini/obsidian-ai-exporter--chat-simple.html --url https://gemini.google.com/app/x`
 *   and tests/unit/lib/sites/gemini.test.ts.
 */
