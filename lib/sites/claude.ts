/**
 * Claude (claude.ai). A reply is the `[data-is-streaming]` wrapper inside a `[data-test-render-count]` turn;
 * its text is the `.standard-markdown` blocks only (tool-use summaries such as "Created a file, read a file"
 * sit between them). A research report opened in the side panel (`#markdown-artifact`) is a reply too:
 * it is the most citation-heavy thing Claude writes. docs/chat-sites.md §1.3.
 */
import { rootHasAny } from './dom-query';
import { defaultIsFinished } from './finished';
import type { SiteAdapter } from './types';

const ARTIFACT = '#markdown-artifact';

export const claude: SiteAdapter = {
  id: 'claude',
  name: 'Claude',
  matches: ['https://claude.ai/*'],
  completion: 'marker',
  selectors: {
    // One union entry: chat replies and the open report are both wanted, in document order.
    reply: [`div[data-is-streaming], ${ARTIFACT}`, '.font-claude-response', '.font-claude-message'],
    body: ['.standard-markdown, .progressive-markdown', '.font-claude-response-body'],
    streaming: ['[data-is-streaming="true"]'],
    stop: ['button[aria-label*="Stop"]'],
    done: [
      '[data-is-streaming="false"]',
      'button[data-testid="action-bar-copy"]',
      '[aria-label="Message actions"]', // role group → toolbar in July 2026; the label is English-only
    ],
    scrollRoot: ['div.overflow-y-scroll'],
    // i18n-exempt: a CSS selector of the chatbot's page
    citations: ['a.group\\/tag', 'span.inline-flex[data-state] > a[target="_blank"]'],
    links: ['a[href]'],
    sources: [],
    exclude: ['[data-testid="user-message"]', '[aria-label="Message actions"]'],
  },
  unit(hit) {
    return hit.closest('div[data-is-streaming]') ?? hit;
  },
  turnOf(reply) {
    return reply.closest('[data-test-render-count]') ?? reply;
  },
  // Claude's DOM has no message ids: findReplies derives one from the text.
  messageId() {
    return null;
  },
  isFinished(reply, context) {
    // The report panel has neither streaming flag nor action bar: done unless a reply is being written.
    if (reply.matches(ARTIFACT))
      return !rootHasAny(context.root, claude.selectors.stop) && !rootHasAny(context.root, claude.selectors.streaming);
    return defaultIsFinished(claude, reply, context);
  },
};

/*
 * Test URLs / How to test
 * - https://claude.ai/new: ask a short question → one reply, `data-is-streaming="true"` while it streams,
 *   then "false" and the Message actions toolbar (copy button `data-testid="action-bar-copy"`).
 * - With web search or Research on: inline source pills `a.group/tag` ("Anthropic +2") become citations;
 *   open the report → `#markdown-artifact` is found as one more reply.
 * - Offline: `npx tsx scripts/sites.ts tests/fixtures/chat/claude/obsidian-ai-exporter--chat-simple.html --url https://claude.ai/chat/x`
 *   and tests/unit/lib/sites/claude.test.ts.
 */
