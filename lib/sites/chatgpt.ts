/**
 * ChatGPT (chatgpt.com). Two DOMs are live at once in 2026 (docs/chat-sites.md §1.2), both handled here:
 * - the classic React UI: `[data-testid^="conversation-turn-"]` turns (`article` until spring 2026, then
 *   `section`) holding one or more `[data-message-author-role="assistant"]` messages with `.markdown` bodies;
 *   one turn can hold several messages around a "Thought for 12s" control, so the TURN is the reply;
 * - the second-generation transcript UI (logged-out and temporary chats since July 2026):
 *   `ol[data-conversation-transcript] > li[data-message-role="assistant"]`, `[data-assistant-markdown]`.
 */
import type { SiteAdapter } from './types';

const TURN = '[data-testid^="conversation-turn-"]';

export const chatgpt: SiteAdapter = {
  id: 'chatgpt',
  name: 'ChatGPT',
  matches: ['https://chatgpt.com/*', 'https://chat.openai.com/*'],
  completion: 'marker',
  selectors: {
    reply: [
      'li[data-message-role="assistant"]', // transcript UI (KudoAI/chatgpt.js, 2026-07-23)
      `${TURN}[data-turn="assistant"]`, // classic, Feb 2026 captures
      '[data-message-author-role="assistant"]', // classic without data-turn (defuddle captures), mapped to the turn
    ],
    body: [
      '[data-assistant-markdown]',
      '[data-message-author-role="assistant"] .markdown',
      '.markdown.prose',
      '.markdown',
    ],
    streaming: ['[data-message-streaming]', 'li[id^="pending-"]', '.result-streaming'],
    stop: [
      'button[data-testid="stop-button"]',
      'button[data-composer-submit][data-stop-generating]',
      'button[data-stop-generating]',
    ],
    done: [
      '[data-message-complete]',
      '[data-assistant-message-actions]',
      'button[data-testid="copy-turn-action-button"]',
      'button[data-testid="good-response-turn-action-button"]',
    ],
    scrollRoot: [
      'div[data-swipable-detail-body][role="region"]',
      'div[data-swipable-detail-body]',
      'div[data-scroll-root]',
      'main#main',
    ],
    citations: [
      '[data-testid="webpage-citation-pill"]', // classic inline pill: label "US EPA", "+1"
      '[data-content-reference-type="grouped_webpages"]', // transcript UI: JSON payload on the button
      '[data-content-reference-type="sources_footnote"]',
      '[data-content-reference-type="webpage"]',
    ],
    // The transcript UI's url reference reads as part of the sentence ("See <title> for …"); its detail does not.
    links: ['[data-content-reference-type="url"]', 'a[href]'],
    sources: [],
    exclude: [
      'h4[data-message-attribution]', // "ChatGPT said:" (transcript UI: atomic CSS, no .sr-only)
      '[data-assistant-placeholder-slot]',
      '[data-message-content-controls]', // "Copy code" / "Copy table" inside the block
      '[data-assistant-reference-detail]',
      '[data-assistant-source-icon]',
      '[data-quillbot-humanize-button]', // another extension's control, seen in the Feb 2026 capture
    ],
  },
  unit(hit) {
    return hit.closest(TURN) ?? hit;
  },
  turnOf(reply) {
    return reply.closest(TURN) ?? reply;
  },
  messageId(reply) {
    if (reply.matches('li[data-message-role]')) return reply.getAttribute('id') || null;
    const message = reply.matches('[data-message-id]')
      ? reply
      : reply.querySelector('[data-message-author-role="assistant"][data-message-id]');
    return (
      message?.getAttribute('data-message-id') ||
      reply.getAttribute('data-turn-id') ||
      reply.getAttribute('data-testid') ||
      null
    );
  },
};

/*
 * Test URLs / How to test
 * - https://chatgpt.com/ logged in (classic UI): ask something with web search ("best bedroom air purifier,
 *   cite sources") → one reply per turn, pills collected with utm_source stripped; Deep Research answers
 *   carry `#:~:text=` quotes. While it streams the composer shows `button[data-testid="stop-button"]`.
 * - https://chatgpt.com/ logged out or a temporary chat (transcript UI): `li[data-message-role="assistant"]`,
 *   id `pending-<uuid>` while streaming, then the real id and `data-message-complete`.
 * - Offline: `npx tsx scripts/sites.ts tests/fixtures/chat/chatgpt/<file>.html --url https://chatgpt.com/c/x`
 *   and tests/unit/lib/sites/chatgpt.test.ts.
 */
